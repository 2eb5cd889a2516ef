/** The admin-orders feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { orderDate, PAYMENT_LABELS, PAYMENT_STYLES, STATUS_LABELS, STATUS_STYLES } from './order-status.ts';
export { TransferRefundPanel } from './transfer-refund-panel.tsx';
export { CardRefundForm } from './card-refund-form.tsx';
