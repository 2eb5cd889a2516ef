/** The orders feature's public entry: what other features may use of it (ESLint refuses any other path in). */
export { useMyOrders, useSeedOrder } from './order-queries.ts';
export { PostalAddress } from './postal-address.tsx';
export { downloadText } from './order-format.ts';
export { TaxDocuments } from './tax-documents.tsx';
export { ShipmentTimeline } from './shipment-timeline.tsx';
export { GiftDetails } from './gift-details.tsx';
