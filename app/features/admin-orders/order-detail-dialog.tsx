import { useState } from 'react';
import type { Order } from '../../../contracts/orders.ts';
import { formatRupees } from '../../../domain/money.ts';
import { billSummaryOf } from '../../../domain/bill-lines.ts';
import { BillRows } from '../../components/bill-rows.tsx';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/orders.ts';
import { useAdminSession, useCan, useModalDialog } from '../admin/index.ts';
import { COD_PAYMENT_METHOD } from '../../../domain/cod-progress.ts';
import { refundedByTransfer } from '../../../domain/offline-refunds.ts';
import { paymentMethodLabel } from '../../../domain/order-receipt.ts';
import { orderRefundParts, paidWithBalancesText, refundTouchesBalances } from '../../../domain/balances.ts';
import { CardRefundForm } from './card-refund-form.tsx';
import { CodPanel } from './cod-panel.tsx';
import { orderDate, paymentBadge, STATUS_LABELS, STATUS_STYLES } from './order-status.ts';
import { RefundPanel } from './refund-panel.tsx';
import { TrackingForm } from './tracking-form.tsx';
import { TransferRefundPanel } from './transfer-refund-panel.tsx';
import { useOrderDetail } from './use-orders-admin.ts';
import { GiftDetails, PostalAddress, TaxDocuments } from '../orders/index.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { OrderGiftCards } from '../gift-cards/index.ts';

interface Props {
  orderId: string;
  onClose(): void;
}

/** One order for the shop owner: lines, totals, customer, address, payment, history, status and tracking. */
export function OrderDetailDialog({ orderId, onClose }: Props) {
  const dialog = useModalDialog(true);
  const { detail, changeStatus, tracking, refresh } = useOrderDetail(orderId, onClose);
  const order = detail.data;
  const adminToken = useAdminSession((state) => state.token);
  // Only what this staff member's role may do is offered; the server refuses the rest anyway.
  const can = useCan();
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const chosen = status || order?.status;

  return (
    <dialog
      ref={dialog}
      aria-labelledby="order-detail-title"
      onClose={onClose}
      onMouseDown={(event) => event.target === event.currentTarget && dialog.current?.close()}
      className="m-auto max-h-[92vh] w-[min(96vw,56rem)] overflow-y-auto rounded-xl border border-shadow bg-crypt p-0 text-mist backdrop:bg-void/80"
    >
      <div className="relative p-4 sm:p-6">
        <button type="button" aria-label="Close" onClick={() => dialog.current?.close()} className="absolute top-2 right-2 p-2 text-2xl leading-none text-ash hover:text-gold-bright">
          ×
        </button>
        {!order ? (
          <p id="order-detail-title" className="py-8 text-center text-ash">
            {detail.isError ? detail.error.message : 'Loading order...'}
          </p>
        ) : (
          <div className="space-y-5">
            <header className="pr-8">
              <p className="eyebrow">Order</p>
              <h2 id="order-detail-title" className="mt-1 text-xl break-all text-gold-bright">
                {order.orderNumber}
              </h2>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-xs">
                <span className={`rounded-full border px-2 py-0.5 ${STATUS_STYLES[order.status]}`}>{STATUS_LABELS[order.status]}</span>
                <span className={`rounded-full border px-2 py-0.5 ${paymentBadge(order).style}`} data-testid="admin-order-payment">
                  {paymentBadge(order).label}
                </span>
                <span className="text-ash">Placed {orderDate(order.createdAt)}</span>
              </div>
            </header>

            {can('orders.refund') && order.paymentStatus === 'refund_pending' && !refundedByTransfer(order) ? <RefundPanel order={order} onRefunded={() => void refresh()} /> : null}
            {(can('orders.refund') ? order.offlineRefunds : []).map((refund) => (
              <TransferRefundPanel
                key={refund.id}
                refund={refund}
                purpose={refund.returnId === null ? 'this cancelled order' : `return ${refund.returnId}`}
                upiId={order.refundUpiId}
                customerName={order.customerName}
                customerPhone={order.customerPhone}
                onRecorded={() => void refresh()}
              />
            ))}
            {can('orders.fulfil') ? <CodPanel order={order} onChanged={() => void refresh()} /> : null}

            <section aria-labelledby="order-items-title">
              <h3 id="order-items-title" className="text-sm text-gold">
                Items ({order.itemCount})
              </h3>
              <ul className="mt-2 divide-y divide-shadow rounded-md border border-shadow">
                {order.items.map((item) => (
                  <li key={item.id} className="flex items-center gap-3 p-2 text-sm">
                    {item.image ? <img src={item.image} alt="" width={40} height={40} className="h-10 w-10 shrink-0 rounded object-cover" /> : null}
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-mist">{item.name}</span>
                      <span className="text-xs text-ash">
                        {item.size} × {item.quantity} at {formatRupees(item.price)}
                      </span>
                    </span>
                    <span className="text-mist">{formatRupees(item.lineTotal)}</span>
                  </li>
                ))}
              </ul>
              <BillRows bill={billSummaryOf(order)} className="mt-3 ml-auto max-w-xs" />
            </section>

            <div className="grid gap-4 sm:grid-cols-2">
              <section className="rounded-md bg-night p-3 text-sm">
                <h3 className="text-gold">Customer</h3>
                <p className="mt-1 text-mist">{order.customerName || 'Unknown'}</p>
                <p className="break-all text-ash">{order.customerEmail}</p>
                {order.customerPhone ? <p className="text-ash">{order.customerPhone}</p> : null}
              </section>
              {order.shippingAddress ? (
                <section className="rounded-md bg-night p-3 text-sm">
                  <h3 className="text-gold">Shipping address</h3>
                  <PostalAddress className="mt-1 text-ash" address={order.shippingAddress} />
                </section>
              ) : (
                <section className="rounded-md bg-night p-3 text-sm">
                  <h3 className="text-gold">Gift cards alone</h3>
                  <p className="mt-1 text-ash">Nothing to pack or ship: each card is e-mailed to its recipient on its day. No tax invoice (a voucher&apos;s sale is not a supply).</p>
                </section>
              )}
              {order.giftCardsBought > 0 ? (
                <OrderGiftCards
                  orderId={order.id}
                  token={adminToken}
                  className="rounded-md bg-night p-3 text-sm sm:col-span-2"
                  action={can('orders.refund') ? (card) => <CardRefundForm orderId={order.id} card={card} /> : undefined}
                />
              ) : null}
              {order.gift ? <GiftDetails gift={order.gift} className="rounded-md bg-night p-3 sm:col-span-2" /> : null}
              {order.invoiceNumber ? (
                <div className="rounded-md bg-night p-3 sm:col-span-2">
                  <TaxDocuments order={order} token={adminToken} />
                </div>
              ) : null}
              <section className="rounded-md bg-night p-3 text-sm sm:col-span-2">
                <h3 className="text-gold">Payment</h3>
                <p className="mt-1 text-ash">
                  {paymentBadge(order).label} · {paymentMethodLabel(order.paymentMethod)}
                  {order.paidWithBalances > 0 ? ` · ${paidWithBalancesText(order.paidWithBalances, order.total)}` : ''}
                  {order.paymentMethod === COD_PAYMENT_METHOD ? null : ` via ${order.paymentProvider}`}
                  {order.paymentId ? <span className="break-all"> · {order.paymentId}</span> : null}
                </p>
                {order.refundId ? (
                  <p className="mt-1 text-ash">
                    Refunded {order.refundedAt ? orderDate(order.refundedAt) : ''} · <span className="break-all">{order.refundId}</span>
                  </p>
                ) : null}
                <RefundedParts order={order} />
              </section>
            </div>

            {/* Gift cards alone have no parcel: no status to move and nothing to track (the server refuses both). */}
            <section aria-labelledby="order-status-title" className="rounded-md border border-shadow p-3" hidden={!can('orders.fulfil') || !order.shippingAddress}>
              <h3 id="order-status-title" className="text-sm text-gold">
                Update status
              </h3>
              <div className="mt-2 flex flex-col gap-2 sm:flex-row">
                <label className="flex-1">
                  <span className="sr-only">New status</span>
                  <select className="field" value={chosen} onChange={(event) => setStatus(event.target.value as OrderStatus)}>
                    {ORDER_STATUSES.map((value) => (
                      <option key={value} value={value}>
                        {STATUS_LABELS[value]}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="button" className="btn-gold" disabled={!chosen || chosen === order.status || changeStatus.isPending} onClick={() => chosen && changeStatus.mutate(chosen)}>
                  {changeStatus.isPending ? 'Updating...' : 'Update Status'}
                </button>
              </div>
              {chosen === 'cancelled' && order.status !== 'cancelled' && order.paymentStatus === 'paid' ? (
                <p className="mt-2 text-xs text-ember">
                  {order.paymentMethod === COD_PAYMENT_METHOD
                    ? 'Cancelling returns its stock and opens a refund of the cash collected, which you transfer to the customer by UPI or bank.'
                    : 'Cancelling a paid order returns its stock and marks the payment for refund.'}
                </p>
              ) : null}
            </section>

            <section aria-labelledby="order-tracking-title" className="rounded-md border border-shadow p-3" hidden={!order.shippingAddress}>
              <h3 id="order-tracking-title" className="text-sm text-gold">
                Tracking
              </h3>
              {order.tracking ? (
                <p className="mt-1 text-sm text-ash">
                  {order.tracking.carrier} <span className="text-mist">{order.tracking.trackingNumber}</span>
                  {order.tracking.estimatedDelivery ? ` · arrives by ${formatShopDate(order.tracking.estimatedDelivery)}` : ''}
                </p>
              ) : (
                // Before tracking exists, the day the shopper was promised at checkout (from the PIN's shipping zone).
                <p className="mt-1 text-sm text-ash" data-testid="promised-delivery">
                  Promised to arrive by <span className="text-mist">{formatShopDate(order.estimatedDelivery)}</span>
                </p>
              )}
              <div className="mt-3" hidden={!can('orders.fulfil')}>
                <TrackingForm key={order.tracking?.trackingNumber ?? 'new'} order={order} saving={tracking.isPending} onSubmit={(body) => tracking.mutate(body)} />
              </div>
            </section>

            <section aria-labelledby="order-history-title">
              <h3 id="order-history-title" className="text-sm text-gold">
                Status history
              </h3>
              <ol className="mt-2 space-y-2 border-l border-shadow pl-4 text-sm">
                {order.statusHistory.map((entry, index) => (
                  <li key={`${entry.timestamp}-${index}`}>
                    <span className={`rounded-full border px-2 py-0.5 text-xs ${STATUS_STYLES[entry.status]}`}>{STATUS_LABELS[entry.status]}</span>
                    <span className="ml-2 text-ash">
                      {orderDate(entry.timestamp)} · by {entry.updatedBy}
                    </span>
                    {entry.note ? <p className="mt-1 text-ash">{entry.note}</p> : null}
                  </li>
                ))}
              </ol>
            </section>
          </div>
        )}
      </div>
    </dialog>
  );
}

/**
 * Where the order's refunds went, as recorded, when some of it went onto balances: what the customer was told, in
 * figures (the card's or the transfer's part, the balances that paid, store credit they chose).
 */
function RefundedParts({ order }: { order: Order }) {
  const parts = orderRefundParts(order);
  if (!refundTouchesBalances(parts)) return null;
  const rupees = (paise: number) => formatRupees(paise / 100);
  const rows: [string, number][] = [
    [refundedByTransfer(order) ? 'By transfer' : 'To the card', parts.moneyPaise],
    ['Onto store credit, as the customer chose', parts.toStoreCreditPaise],
    ['Back onto the gift cards and store credit that paid', parts.toBalancesPaise],
  ];
  return (
    <p className="mt-1 text-ash" data-testid="admin-refunded-parts">
      Refunded {formatRupees(order.refundedAmount)}:{' '}
      {rows
        .filter(([, paise]) => paise > 0)
        .map(([label, paise]) => `${label} ${rupees(paise)}`)
        .join(' · ')}
    </p>
  );
}
