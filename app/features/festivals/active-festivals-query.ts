import type { Festival } from '../../../contracts/festivals.ts';
import { api } from '../../lib/api-client.ts';

/** Live festivals, shared by the home banner and the cart's coupon list (one request, one cache entry). */
export const activeFestivalsQuery = {
  queryKey: ['festivals', 'active'],
  queryFn: () => api<{ festivals: Festival[] }>('/festivals/active').then((reply) => reply.festivals),
  staleTime: 60_000,
};
