export interface OrderTotals {
  count: number;
  totalSpentPaise: number;
}

/**
 * How accounts learn about orders without owning them: the orders module supplies a real implementation;
 * until then every customer has none.
 */
export interface OrderStats {
  forUsers(userIds: string[]): Promise<Map<string, OrderTotals>>;
}

export const noOrders: OrderStats = {
  forUsers: async (userIds) => new Map(userIds.map((id) => [id, { count: 0, totalSpentPaise: 0 }])),
};
