export interface OrderTotals {
  count: number;
  totalSpentPaise: number;
}

/** How accounts learn about orders without owning them; the orders module supplies it (`orderStatsOf`). */
export interface OrderStats {
  forUsers(userIds: string[]): Promise<Map<string, OrderTotals>>;
  /** The customer's latest orders, newest first, for the admin's activity list. */
  recent(userId: string, limit: number): Promise<{ orderNumber: string; createdAt: Date; totalPaise: number; status: string }[]>;
}
