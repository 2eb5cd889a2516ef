import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiRequestError } from '../../lib/api-client.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { useConfirmCod } from './use-confirm-cod.ts';

const BAD_LINK = 'This confirmation link is not complete. Open the link from your order e-mail again, or confirm from your order page.';

const TRY_LATER = 'The order could not be confirmed just now. Please try again in a moment.';

/**
 * What the shopper reads when the server refuses, and whether pressing again could help: the server's own words
 * for an expired, cancelled or already-confirmed order; a plain sentence for a link that matches no order.
 */
function refusalOf(error: unknown): { text: string; retry: boolean } {
  if (!(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500) return { text: error instanceof ApiRequestError && error.status === 0 ? error.message : TRY_LATER, retry: true };
  if (error.status === 404) return { text: 'We could not find this order. Open the whole link from your e-mail, or confirm from your order page.', retry: false };
  if (error.status === 429) return { text: error.message || TRY_LATER, retry: true };
  return { text: error.message || BAD_LINK, retry: false };
}

/** Order numbers (DP-20261124-0042) are worth showing before the press; a raw id is not. */
const readableNumber = (order: string) => (/^DP-\d{8}-\d+$/.test(order) ? order : null);

/**
 * /confirm-cod?order=…&token=…: the link in the cash-on-delivery e-mail. Opening it confirms nothing (mail
 * scanners open links); the shopper presses 'Confirm my order', which posts the token. Works signed out.
 */
export function ConfirmCodPage({ order, token }: { order: string | null; token: string | null }) {
  if (!order || !token) {
    return (
      <ConfirmFrame>
        <p role="alert" className="mt-6 rounded-md border border-blood/50 bg-blood/10 p-3 text-sm text-blood">
          {BAD_LINK}
        </p>
      </ConfirmFrame>
    );
  }
  return <ConfirmCod order={order} token={token} />;
}

function ConfirmCod({ order, token }: { order: string; token: string }) {
  const confirm = useConfirmCod(order, token);
  const number = confirm.data?.orderNumber ?? readableNumber(order);
  const refusal = confirm.isError ? refusalOf(confirm.error) : null;
  return (
    <ConfirmFrame>
      {number ? (
        <p className="mt-6 text-center text-sm text-ash">
          Order <span className="font-mono text-mist" data-testid="confirm-cod-order">{number}</span>
        </p>
      ) : null}
      {confirm.isSuccess ? (
        <div role="status" className="mt-6 flex flex-col items-center gap-3 text-center" data-testid="confirm-cod-done">
          <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full border border-gold/60 bg-gold/10 text-2xl text-gold-bright">
            ✓
          </span>
          <p className="text-lg text-gold-bright">Your order is confirmed</p>
          <p className="text-sm text-ash">
            Confirmed {formatShopDate(confirm.data.confirmedAt, 'dateTime')}. We are readying your potions; keep the cash ready for the courier.
          </p>
          <Link to={`/orders/${encodeURIComponent(confirm.data.orderNumber)}`} className="btn-ghost mt-2">
            View your order
          </Link>
        </div>
      ) : (
        <div className="mt-6 flex flex-col items-center gap-4 text-center">
          {refusal ? (
            <p role="alert" className="w-full rounded-md border border-blood/50 bg-blood/10 p-3 text-sm text-blood" data-testid="confirm-cod-error">
              {refusal.text}
            </p>
          ) : (
            <p className="text-sm text-mist">Press the button to tell us you still want this order. Unconfirmed orders are cancelled 24 hours after they are placed.</p>
          )}
          {!refusal || refusal.retry ? (
            <button type="button" className="btn-gold w-full max-w-xs" disabled={confirm.isPending} aria-busy={confirm.isPending} onClick={() => confirm.mutate()}>
              {confirm.isPending ? 'Confirming…' : refusal ? 'Try again' : 'Confirm my order'}
            </button>
          ) : null}
          <Link to="/orders" className="text-sm text-orchid underline-offset-4 hover:text-gold-bright hover:underline">
            See your orders
          </Link>
        </div>
      )}
    </ConfirmFrame>
  );
}

function ConfirmFrame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <section className="panel border-gold/30 bg-night p-6 sm:p-8" aria-labelledby="confirm-cod-title">
        <p className="eyebrow text-center">✦ Cash on delivery</p>
        <h1 id="confirm-cod-title" className="mt-2 text-center text-2xl text-gold-bright sm:text-3xl">
          Confirm Your Order
        </h1>
        <p className="mt-2 text-center text-sm text-ash">You pay the courier in cash when your potion arrives.</p>
        {children}
      </section>
    </div>
  );
}
