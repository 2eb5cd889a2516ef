import type { UserStatus } from '../../../domain/accounts.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';

export const USER_STATUS_LABELS: Record<UserStatus, string> = { active: 'Active', inactive: 'Inactive', banned: 'Banned' };

export const USER_STATUS_STYLES: Record<UserStatus, string> = {
  active: 'border-emerald-400/40 bg-emerald-400/10 text-emerald-300',
  inactive: 'border-ash/40 bg-ash/10 text-ash',
  banned: 'border-blood/50 bg-blood/10 text-blood',
};

/** A join or last-login day on the shop's calendar; 'Never' for an account that never signed in. */
export const accountDay = (iso: string | null) => (iso ? formatShopDate(iso) : 'Never');
