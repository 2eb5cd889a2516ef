import { OrderParcels } from './order-parcels.tsx';
import { OrderReturns } from './order-returns.tsx';
import { TaxDocuments } from './tax-documents.tsx';
import { billSummaryOf } from '../../../domain/bill-lines.ts';
import { BillRows } from '../../components/bill-rows.tsx';
import { useNavigate } from 'react-router';
import type { ReactNode } from 'react';
import { BackLink } from '../../components/back-link.tsx';
import type { Order } from '../../../contracts/orders.ts';
import { codPaymentText, codStage } from '../../../domain/cod-progress.ts';
import { offlineRefundText, refundedByTransfer } from '../../../domain/offline-refunds.ts';
import { formatOrderDateTime, paymentMethodLabel } from '../../../domain/order-receipt.ts';
import { BACK_TO_CARD, BY_TRANSFER, orderRefundParts, paidWithBalancesText, refundedText, refundTouchesBalances } from '../../../domain/balances.ts';
import { CodConfirmPanel } from './cod-confirm-panel.tsx';
import { RefundTransferPanel } from './refund-transfer-panel.tsx';
import { CancelOrderPanel } from './cancel-order-panel.tsx';
import { deliveryEstimateText, statusInfo } from '../../../domain/orders.ts';
import { formatOrderDate, formatRupees } from './order-format.ts';
import { ListLoading } from './order-list-parts.tsx';
import { useOrder } from './order-queries.ts';
import { OrderStatusBadge, PaymentStatusBadge, ProgressBar, statusDescription } from './order-status-badge.tsx';
import { customerPaymentStatus } from '../../../domain/payment-status.ts';
import { timelineHeadings } from '../../../domain/order-timeline.ts';
import { PostalAddress } from './postal-address.tsx';
import { GiftDetails } from './gift-details.tsx';
import { OrderItemRow } from './order-item-row.tsx';
import { OrderGiftCards } from '../gift-cards/index.ts';

/** /orders/:orderId: where one order is, how it got there, and what is in it. */
export function OrderDetailPage({ orderId }: { orderId: string | undefined }) {
  const navigate = useNavigate();
  const order = useOrder(orderId);
  if (order.isPending && orderId) return <ListLoading title="Loading your order..." />;
  if (!order.data) {
    return (
      <section className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
        <h1 className="text-2xl text-gold-bright">Order not found</h1>
        <p className="text-ash">{order.isError && (order.error as { status?: number }).status !== 404 ? 'The order could not be loaded. Please try again in a moment.' : 'We could not find this order in your account.'}</p>
        <button type="button" className="btn-gold" onClick={() => (window.history.length > 1 ? void navigate(-1) : void navigate('/orders'))}>
          Go Back
        </button>
      </section>
    );
  }
  return <OrderDetail order={order.data} />;
}

function OrderDetail({ order }: { order: Order }) {
  const address = order.shippingAddress;
  // Gift cards alone (no address, no lines): nothing travels, so the page is the cards and the payment.
  if (!address) return <GiftCardsOrderDetail order={order} />;
  // Headed in the order things happened (a heading depends on the entry before), shown newest first.
  const inOrder = [...order.statusHistory].sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
  const headings = timelineHeadings(inOrder);
  const history = inOrder.map((entry, index) => ({ ...entry, heading: headings[index]! })).reverse();
  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      <OrderHeading eyebrow="Order" order={order}>
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <PaymentStatusBadge order={order} />
        </div>
      </OrderHeading>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-6">
          <CodConfirmPanel order={order} />
          <RefundTransferPanel order={order} />
          <div className="panel p-5" data-testid="current-status">
            <h2 className="text-lg text-gold-bright">{statusInfo(order.status).label}</h2>
            <p className="mt-1 text-sm text-ash">{statusDescription(order.status)}</p>
            <div className="mt-4">
              <ProgressBar status={order.status} />
            </div>
            {order.tracking || order.status !== 'cancelled' ? (
              <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-3">
                {order.tracking ? (
                  <>
                    <div>
                      <dt className="text-xs text-ash">Tracking number</dt>
                      <dd className="font-mono break-all text-mist">{order.tracking.trackingNumber}</dd>
                    </div>
                    <div>
                      <dt className="text-xs text-ash">Carrier</dt>
                      <dd className="text-mist">{order.tracking.carrier}</dd>
                    </div>
                  </>
                ) : null}
                {order.status !== 'cancelled' ? (
                  <div>
                    <dt className="text-xs text-ash">Estimated delivery</dt>
                    <dd className="text-mist">
                      <EstimatedDelivery order={order} />
                    </dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
            {order.tracking?.notes ? <p className="mt-3 text-sm text-ash">{order.tracking.notes}</p> : null}
          </div>

          <OrderParcels orderNumber={order.orderNumber} />
          <CancelOrderPanel order={order} />

          <div className="panel p-5">
            <h2 className="text-lg text-gold-bright">Order Timeline</h2>
            <ol className="mt-4 flex flex-col" data-testid="order-timeline">
              {history.map((entry, index) => (
                <li key={`${entry.timestamp}-${entry.status}-${index}`} className="relative flex gap-4 pb-6 last:pb-0">
                  {index < history.length - 1 ? <span aria-hidden="true" className="absolute top-4 left-[0.4375rem] h-full w-px bg-shadow" /> : null}
                  <span aria-hidden="true" className={`relative mt-1 h-3.5 w-3.5 shrink-0 rounded-full border-2 ${index === 0 ? 'border-gold bg-gold' : 'border-shadow bg-night'}`} />
                  <div className="min-w-0 text-sm">
                    <p className="text-mist">{entry.heading}</p>
                    <p className="text-ash">{entry.note ?? statusDescription(entry.status)}</p>
                    <p className="mt-1 text-xs text-ash">
                      {formatOrderDateTime(entry.timestamp)} · Updated by {entry.updatedBy}
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          </div>

          <OrderReturns order={order} />

          <div className="panel p-5">
            <h2 className="text-lg text-gold-bright">Items</h2>
            <ul className="mt-3 divide-y divide-shadow">
              {order.items.map((item) => (
                <OrderItemRow key={item.id} item={item} />
              ))}
            </ul>
          </div>
        </div>

        <div className="flex flex-col gap-6">
          <div className="panel p-5">
            <h2 className="text-lg text-gold-bright">Summary</h2>
            {/* Paid on delivery, what gift cards and store credit paid shows under the total, then the cash still to pay. */}
            <BillRows
              bill={{ ...billSummaryOf(order), paidWithBalancesPaise: order.paymentStatus === 'cod_pending' ? Math.round(order.paidWithBalances * 100) : 0 }}
              dueLabel="To pay on delivery"
              className="mt-3"
              testIdPrefix="summary"
            />
          </div>
          {order.invoiceNumber ? (
            <div className="panel p-5">
              <TaxDocuments order={order} />
            </div>
          ) : null}
          <div className="panel p-5 text-sm">
            <h2 className="text-lg text-gold-bright">Payment</h2>
            <p className="mt-2 text-mist first-letter:uppercase">{paymentMethodLabel(order.paymentMethod)}</p>
            {order.paidWithBalances > 0 ? <p className="text-mist">{paidWithBalancesText(order.paidWithBalances, order.total)}</p> : null}
            <p className={codStage(order) === 'confirmed' || codStage(order) === 'collected' ? 'text-gold' : 'text-ash'} data-testid="order-payment-status">
              {paymentText(order)}
            </p>
          </div>
          <div className="panel p-5 text-sm">
            <h2 className="text-lg text-gold-bright">Shipping Address</h2>
            <PostalAddress className="mt-2 leading-relaxed text-mist" name={order.customerName} address={address} />
          </div>
          {order.gift ? <GiftDetails gift={order.gift} className="panel p-5" /> : null}
          <OrderGiftCards orderId={order.id} />
          <div className="panel p-5 text-sm">
            <h2 className="text-lg text-gold-bright">Contact</h2>
            <p className="mt-2 break-all text-mist">{order.customerEmail}</p>
            {order.customerPhone ? <p className="text-mist">{order.customerPhone}</p> : null}
          </div>
        </div>
      </div>
    </section>
  );
}

/** The way back to the list, then the order's number and day, with its badges beside them. */
function OrderHeading({ eyebrow, order, children }: { eyebrow: string; order: Order; children: ReactNode }) {
  return (
    <>
      <BackLink to="/orders">Back to Orders</BackLink>
      <div className="mt-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="eyebrow">{eyebrow}</p>
          <h1 className="text-2xl break-all text-gold-bright sm:text-3xl">{order.orderNumber}</h1>
          <p className="text-sm text-ash">Placed {formatOrderDateTime(order.createdAt)}</p>
        </div>
        {children}
      </div>
    </>
  );
}

/** An order of gift cards alone: the cards (last four, recipient, day), what was paid, and who bought them. */
function GiftCardsOrderDetail({ order }: { order: Order }) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <OrderHeading eyebrow="Gift card order" order={order}>
        <PaymentStatusBadge order={order} />
      </OrderHeading>
      <div className="mt-6 flex flex-col gap-6">
        <OrderGiftCards orderId={order.id} />
        <div className="panel p-5 text-sm">
          <h2 className="text-lg text-gold-bright">Payment</h2>
          <p className="mt-2 text-mist first-letter:uppercase">{paymentMethodLabel(order.paymentMethod)}</p>
          <p className="text-mist" data-testid="gift-cards-paid">
            {formatRupees(order.giftCardsBought)} for gift cards
          </p>
          <p className="text-ash" data-testid="order-payment-status">
            {paymentText(order)}
          </p>
          <p className="mt-3 text-xs text-ash">Nothing is shipped and no tax invoice is issued: gift cards are taxed when they are spent on potions.</p>
        </div>
        <div className="panel p-5 text-sm">
          <h2 className="text-lg text-gold-bright">Contact</h2>
          <p className="mt-2 text-mist">{order.customerName}</p>
          <p className="break-all text-mist">{order.customerEmail}</p>
          {order.customerPhone ? <p className="text-mist">{order.customerPhone}</p> : null}
        </div>
      </div>
    </section>
  );
}

/**
 * A COD order tells its own story (confirm, pay the courier), until money goes back: then the refund's. A
 * cancellation refunded wholly onto gift cards and store credit (`balances-…`) had no transfer to tell of. Refunds
 * that put something onto balances say where each part went (the e-mail's words), never the card for all of it.
 */
function paymentText(order: Order): string {
  const refund = order.offlineRefunds.findLast((candidate) => candidate.status !== 'withdrawn');
  const ontoBalances = order.refundId?.startsWith('balances-') === true;
  if (refund && (refund.status === 'awaiting' || ((order.paymentStatus === 'refund_pending' || order.paymentStatus === 'refunded') && !ontoBalances)))
    return offlineRefundText(refund, formatRupees);
  const parts = orderRefundParts(order);
  if (refundTouchesBalances(parts)) return refundedText(parts, refundedByTransfer(order) ? BY_TRANSFER : BACK_TO_CARD);
  if (codStage(order)) return codPaymentText(order, formatRupees);
  return customerPaymentStatus(order);
}

/** The date, and 'Today', 'Tomorrow' or 'In N days' beside it while it is a week or less away. */
function EstimatedDelivery({ order }: { order: Order }) {
  const date = formatOrderDate(order.estimatedDelivery);
  const relative = order.status === 'delivered' ? date : deliveryEstimateText(new Date(), new Date(order.estimatedDelivery));
  return (
    <>
      {date}
      {relative === date ? null : <span className="text-gold"> · {relative}</span>}
    </>
  );
}
