/**
 * What each count and sum the shop shows means, in one place, so a figure reads the same wherever it appears and
 * its tooltip says what it counts. The customer's figures follow countsAsSpent (domain/orders.ts): paid and not
 * cancelled, the count the profile, the account menu and 'View All Orders' show too. The back office's period
 * figures follow the sales rollup (server/modules/analytics/sales-rollup.ts), which counts the same orders.
 */

/** Order History's stat cards and the profile's tiles. */
export const CUSTOMER_FIGURES = {
  orders: 'Your orders that are paid and not cancelled. An order paid in cash on delivery counts once you have paid the courier; cancelled orders are listed but not counted.',
  spent: 'What you paid for the orders counted in Total Orders, after discounts and less any refunds.',
  average: 'Total Spent divided by Total Orders.',
  delivered: 'Orders that have reached you, cancelled ones aside.',
  /** My Orders (the track page) counts what its tabs list. */
  listed: 'Every order you have placed, cancelled ones included: what the All tab lists.',
  pending: 'Orders received and not yet being prepared: what the Pending tab lists.',
  shipped: 'Orders on their way with the courier: what the Shipped tab lists.',
} as const;

/** The dashboard's and analytics' period figures. */
export const SHOP_FIGURES = {
  orders: 'Orders placed in the period that are paid and not cancelled. A cash-on-delivery order counts once its cash is collected, so Recent Orders can list orders this figure does not count yet.',
  revenue: 'What the orders counted in Orders brought in: their totals after discounts, less what was refunded of them.',
  average: 'Revenue divided by Orders.',
} as const;
