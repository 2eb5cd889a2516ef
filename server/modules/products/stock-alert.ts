import { lowStockAlert } from '../../../domain/catalogue.ts';
import type { NotificationService } from '../notifications/notification-service.ts';

type Executor = Parameters<NotificationService['notify']>[1];

/**
 * Tells the staff who keep the catalogue (products.write) when a product's stock falls to the low-stock line or runs out, whoever took the units: an
 * admin's edit or a customer's order. Pass the transaction that moved the stock.
 */
export async function announceLowStock(notifications: NotificationService, tx: Executor, change: { name: string; before: number; after: number }): Promise<void> {
  const alert = lowStockAlert(change.before, change.after);
  if (!alert) return;
  await notifications.notify(
    {
      toStaffWith: 'products.write',
      type: 'product',
      priority: alert.priority,
      title: change.after === 0 ? 'Out of Stock' : 'Low Stock',
      message: change.after === 0 ? `${change.name} has sold out.` : `${change.name} is down to ${change.after} in stock.`,
      actionUrl: '/admin/products',
    },
    tx,
  );
}
