/** Notification rules shared by the bell, the Notification Center and the server. */

export const NOTIFICATION_TYPES = ['order', 'product', 'review', 'user', 'system', 'error'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['high', 'medium', 'low'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

export const PRIORITY_WEIGHT: Record<NotificationPriority, number> = { high: 3, medium: 2, low: 1 };

/** The dropdown shows this many; the badge caps at '9+'. */
export const DROPDOWN_SIZE = 10;

export function badgeText(unread: number): string {
  return unread > 9 ? '9+' : String(unread);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The bell's wording: Just now, Xm ago, Xh ago, Xd ago. */
export function shortRelativeTime(at: Date | string, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(at).getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return `${Math.floor(elapsed / DAY)}d ago`;
}

/** The Notification Center's wording: Just now, N minutes ago, N hours ago, Yesterday, N days ago. */
export function longRelativeTime(at: Date | string, now: Date = new Date()): string {
  const elapsed = Math.max(0, now.getTime() - new Date(at).getTime());
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) {
    const minutes = Math.floor(elapsed / MINUTE);
    return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  }
  if (elapsed < DAY) {
    const hours = Math.floor(elapsed / HOUR);
    return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  }
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? 'Yesterday' : `${days} days ago`;
}

interface Sortable {
  priority: NotificationPriority;
  createdAt: string;
}

/** Highest priority first (high 3, medium 2, low 1), newest first within a priority. */
export function byPriority(a: Sortable, b: Sortable): number {
  return PRIORITY_WEIGHT[b.priority] - PRIORITY_WEIGHT[a.priority] || b.createdAt.localeCompare(a.createdAt);
}

export function byNewest(a: Sortable, b: Sortable): number {
  return b.createdAt.localeCompare(a.createdAt);
}
