export interface OrderTotals {
  count: number;
  totalSpentPaise: number;
}

/** How accounts learn about orders without owning them; the orders module supplies it (`orderStatsOf`). */
export interface OrderStats {
  forUsers(userIds: string[]): Promise<Map<string, OrderTotals>>;
}
