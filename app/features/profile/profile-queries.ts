import { useQuery } from '@tanstack/react-query';
import type { AchievementsResponse, ProfileOrdersResponse } from '../../../contracts/profile.ts';
import { api } from '../../lib/api-client.ts';

export const profileKeys = {
  achievements: (userId: string) => ['profile', userId, 'achievements'] as const,
  orders: (userId: string) => ['profile', userId, 'orders'] as const,
};

/** Level, stats, achievements and reward coupons, as the server computed them. */
export function useAchievements(userId: string) {
  return useQuery({ queryKey: profileKeys.achievements(userId), queryFn: ({ signal }) => api<AchievementsResponse>('/profile/achievements', { signal }) });
}

export function useProfileOrders(userId: string) {
  return useQuery({ queryKey: profileKeys.orders(userId), queryFn: ({ signal }) => api<ProfileOrdersResponse>('/profile/orders', { signal }) });
}
