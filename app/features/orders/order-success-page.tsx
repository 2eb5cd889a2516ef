import { TaxDocuments } from './tax-documents.tsx';
import { useEffect } from 'react';
import { track } from '../consent/index.ts';
import { billSummaryOf } from '../../../domain/bill-lines.ts';
import { BillRows } from '../../components/bill-rows.tsx';
import { Link } from 'react-router';
import toast from '../../lib/toast.ts';
import type { Order } from '../../../contracts/orders.ts';
import { formatDeliveryDay } from '../../../domain/delivery-promise.ts';
import { orderPath } from '../../../domain/order-history.ts';
import { formatOrderDateTime, paymentMethodLabel, receiptFileName, receiptText } from '../../../domain/order-receipt.ts';
import { paidWithBalancesText } from '../../../domain/balances.ts';
import { brand } from '../../brand.ts';
import { useAuth } from '../account/index.ts';
import { clearCheckoutToasts, TestPaymentMarker } from '../checkout/index.ts';
import { CodConfirmPanel } from './cod-confirm-panel.tsx';
import { ConfettiBurst } from './confetti-burst.tsx';
import { downloadText, formatRupees } from './order-format.ts';
import { useOrder } from './order-queries.ts';
import { PostalAddress } from './postal-address.tsx';
import { GiftDetails } from './gift-details.tsx';
import { OrderGiftCards } from '../gift-cards/index.ts';
import { OrderItemRow } from './order-item-row.tsx';

/** /orders/success/:orderId: the celebration, the details and what to do next. */
export function OrderSuccessPage({ orderId }: { orderId: string | undefined }) {
  const { status, user, openDialog } = useAuth();
  const { data: order, isError } = useOrder(orderId);
  // The order is placed: a checkout toast still on screen (a failed first try) no longer applies.
  useEffect(() => clearCheckoutToasts(), []);

  if (!order) {
    // The search has ended without the order (unknown, or not this customer's): no spinner promising more.
    const searching = Boolean(orderId) && !isError && (status === 'loading' || Boolean(user));
    return (
      <section className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center" role="status">
        {searching ? <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-2 border-shadow border-t-gold" /> : null}
        <h1 className="text-2xl text-gold-bright">Loading Order Details...</h1>
        <p className="text-ash">{orderId ? `Looking for order: ${orderId}` : 'No order ID provided'}</p>
        {isError ? (
          <p className="text-sm text-ash">
            This order is not in your account.{' '}
            <Link to="/orders/track" className="text-gold-bright underline-offset-4 hover:underline">
              See your orders
            </Link>
          </p>
        ) : null}
        {status === 'ready' && !user ? (
          <button type="button" className="btn-ghost" onClick={() => openDialog('login')}>
            Log in to see this order
          </button>
        ) : null}
        <Link to="/" className="btn-gold">
          Return to Home
        </Link>
      </section>
    );
  }
  return <OrderPlaced order={order} />;
}

async function share(order: Order) {
  const url = window.location.href;
  if (navigator.share) {
    try {
      await navigator.share({ title: `${brand.name} order ${order.orderNumber}`, text: `My ${brand.name} order ${order.orderNumber}`, url });
      return;
    } catch (error) {
      // The payer closed the share sheet: nothing to do.
      if ((error as Error).name === 'AbortError') return;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success('Order link copied to clipboard!');
  } catch {
    toast.error('Could not copy the link. Please copy it from the address bar.');
  }
}

/** The purchase, once per order in this browser; the order number lets GA4 and Meta count a repeat once anyway. */
function usePurchaseEvent(order: Order) {
  useEffect(() => {
    const key = `deosil:purchase-sent:${order.orderNumber}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    track(
      'purchase',
      order.items.map((item) => ({ id: item.productId, name: item.name, size: item.size, price: item.price, quantity: item.quantity })),
      { value: order.total, orderNumber: order.orderNumber },
    );
  }, [order]);
}

function OrderPlaced({ order }: { order: Order }) {
  usePurchaseEvent(order);
  const address = order.shippingAddress;
  // Gift cards alone: nothing to ready by moonlight, no address, no bill of goods; the cards and what they cost.
  const cardsAlone = !address;
  return (
    <section className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <ConfettiBurst />
      {order.paymentProvider === 'sandbox' ? <TestPaymentMarker className="mb-6" /> : null}
      <div className="text-center">
        <span aria-hidden="true" className="mx-auto flex h-16 w-16 items-center justify-center rounded-full border border-gold/60 bg-gold/10 text-3xl text-gold-bright">
          ✓
        </span>
        <h1 className="mt-4 text-2xl text-gold-bright sm:text-4xl">Order Successfully Placed!</h1>
        <p className="mt-2 text-ash">
          {cardsAlone
            ? `Thank you, ${order.customerName}. Each gift card is e-mailed to its recipient on the day you chose.`
            : `Thank you, ${order.customerName}. Your potions are being readied by moonlight.`}
        </p>
        {order.cashOnDelivery ? (
          <div className="mt-4 flex flex-col gap-1" data-testid="success-cod">
            <p className="font-display text-lg text-gold-bright sm:text-xl">Pay {formatRupees(order.cashOnDelivery.toCollect)} in cash when your potion arrives</p>
            <p className="text-sm text-mist">Confirm your order within 24 hours, here or from the link in your e-mail, or it is cancelled.</p>
          </div>
        ) : null}
      </div>
      {order.cashOnDelivery ? (
        <div className="mt-6">
          <CodConfirmPanel order={order} />
        </div>
      ) : null}

      <div className="panel mt-8 grid grid-cols-2 gap-4 p-5 text-sm sm:grid-cols-5">
        <Fact label="Order Number" value={order.orderNumber} testId="success-order-number" />
        <Fact label="Date" value={formatOrderDateTime(order.createdAt)} />
        <Fact label="Status" value="Order Received" />
        <Fact label="Items" value={cardsAlone ? "Gift cards" : String(order.itemCount)} />
        <Fact label="Total" value={formatRupees(cardsAlone ? order.giftCardsBought : order.total)} />
      </div>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <div className="panel p-5">
          <h2 className="text-lg text-gold-bright">Customer</h2>
          <dl className="mt-3 flex flex-col gap-2 text-sm">
            <Row label="Name" value={order.customerName} />
            <Row label="Email" value={order.customerEmail} />
            {order.customerPhone ? <Row label="Phone" value={order.customerPhone} /> : null}
            <Row label="Payment" value={paymentMethodLabel(order.paymentMethod)} valueClassName="first-letter:uppercase" />
            {paidWithBalancesText(order.paidWithBalances, order.total) ? <Row label="Balances" value={paidWithBalancesText(order.paidWithBalances, order.total)!} /> : null}
          </dl>
        </div>
        {address ? (
          <div className="panel p-5">
            <h2 className="text-lg text-gold-bright">Shipping Address</h2>
            <PostalAddress className="mt-3 text-sm leading-relaxed text-mist" address={address} />
            {/* A gift's recipient, wrap and card, as the parcel's slip will print them: the buyer checks them here. */}
            <GiftDetails gift={order.gift} className="mt-4 border-t border-shadow pt-4" />
          </div>
        ) : (
          <OrderGiftCards orderId={order.id} />
        )}
      </div>
      {address ? <OrderGiftCards orderId={order.id} className="panel mt-6 p-5 text-sm" /> : null}

      <div className="panel mt-6 p-5" hidden={cardsAlone}>
        <h2 className="text-lg text-gold-bright">Items</h2>
        <ul className="mt-3 divide-y divide-shadow">
          {order.items.map((item) => (
            <OrderItemRow key={item.id} item={item} />
          ))}
        </ul>
        <BillRows bill={billSummaryOf(order)} className="mt-3 border-t border-shadow pt-3" />
        <TaxDocuments order={order} className="mt-4 border-t border-shadow pt-4" />
      </div>

      <div className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Link to={orderPath(order)} className="btn-gold">
          {cardsAlone ? 'View Your Order' : 'Track Your Order'}
        </Link>
        {/* The spec's button name, with a caption that tells it apart from the tax invoice's PDF. */}
        <button
          type="button"
          className="btn-ghost flex-col gap-0"
          aria-describedby="receipt-kind"
          onClick={() => downloadText(receiptFileName(order.orderNumber), receiptText(order, brand.name), 'text/plain')}
        >
          Download Receipt
          <span id="receipt-kind" aria-hidden="true" className="font-sans text-xs font-normal tracking-normal normal-case opacity-80">
            Order receipt (text)
          </span>
        </button>
        <button type="button" className="btn-ghost" onClick={() => void share(order)}>
          Share Order
        </button>
        <Link to="/products" className="btn-ghost">
          Continue Shopping
        </Link>
        <Link to="/" className="btn-ghost sm:col-span-2">
          Back to Home
        </Link>
      </div>

      <div className="mt-8 grid gap-6 md:grid-cols-[2fr_1fr]">
        <div className="panel p-5">
          <h2 className="text-lg text-gold-bright">What Happens Next?</h2>
          {cardsAlone ? (
            <ol className="mt-3 flex flex-col gap-3 text-sm">
              <NextStep number={1} title="Issued" text="Each card is issued now, with a code only its recipient receives; you see its last four here." />
              <NextStep number={2} title="E-mailed" text="At 9 am on the day you chose (at once when that day is today and the hour has passed), the recipient gets the card and your message." />
              <NextStep number={3} title="Spent" text="The card pays for any potion, in part or in full, for at least a year." />
            </ol>
          ) : (
            <ol className="mt-3 flex flex-col gap-3 text-sm">
              <NextStep number={1} title="Processing" text="Your order is prepared and packed within 1-2 business days." />
              <NextStep number={2} title="Dispatch" text="We send your potions on their way and e-mail you the tracking information." />
              <NextStep number={3} title="Delivery" text={`Your order arrives by ${formatDeliveryDay(new Date(order.estimatedDelivery))}. Shipping is free.`} />
            </ol>
          )}
        </div>
        <div className="panel p-5 text-sm">
          <h2 className="text-lg text-gold-bright">Need Help?</h2>
          <p className="mt-3 text-ash">{brand.hours}</p>
          <p className="mt-2">
            <a className="text-gold-bright underline-offset-4 hover:underline" href={`mailto:${brand.email}`}>
              {brand.email}
            </a>
          </p>
          <p className="mt-1">
            <a className="text-gold-bright underline-offset-4 hover:underline" href={`tel:${brand.phoneHref}`}>
              {brand.phone}
            </a>
          </p>
        </div>
      </div>
    </section>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="min-w-0">
      <p className="text-xs tracking-widest text-ash uppercase">{label}</p>
      <p className="mt-1 text-mist" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

function Row({ label, value, valueClassName = '' }: { label: string; value: string; valueClassName?: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-ash">{label}</dt>
      <dd className={`min-w-0 text-right text-mist ${valueClassName}`}>{value}</dd>
    </div>
  );
}

function NextStep({ number, title, text }: { number: number; title: string; text: string }) {
  return (
    <li className="flex gap-3">
      <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full border border-gold/60 font-display text-gold">{number}</span>
      <span>
        <span className="block text-mist">{title}</span>
        <span className="text-ash">{text}</span>
      </span>
    </li>
  );
}
