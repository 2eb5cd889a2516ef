import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatPaise, formatRupees, rupeesToPaise } from '../../../domain/money.ts';
import { shortfallPaise } from '../../../domain/coupons.ts';
import type { AppliedCouponDto } from '../../../contracts/festivals.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { activeFestivalsQuery } from '../festivals/index.ts';
import { useCartStore } from './cart-store.ts';
import { appliedCouponOf, couponOffer } from './coupon-terms.ts';

/** The festival coupons a shopper can pick, and the code box. Hidden while a coupon is applied. */
export function CartCoupons({ subtotalPaise }: { subtotalPaise: number }) {
  const applyCoupon = useCartStore((state) => state.applyCoupon);
  const removeCoupon = useCartStore((state) => state.removeCoupon);
  const items = useCartStore((state) => state.items);
  const festivals = useQuery(activeFestivalsQuery);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function validate(rawCode: string) {
    const couponCode = rawCode.trim();
    if (!couponCode) {
      setMessage('Please enter a coupon code');
      return;
    }
    setChecking(true);
    setMessage(null);
    try {
      const reply = await api<{ coupon: AppliedCouponDto }>('/coupons/validate', {
        method: 'POST',
        // The lines go too: a promotion's code is weighed against what the basket holds, not only its amount.
        body: { couponCode, orderAmount: subtotalPaise / 100, items: items.map(({ productId, size, quantity }) => ({ productId, size, quantity })) },
      });
      applyCoupon(appliedCouponOf(reply.coupon));
      setCode('');
    } catch (error) {
      removeCoupon();
      setMessage(
        error instanceof ApiRequestError && error.status > 0 ? error.message || 'Invalid coupon code' : 'Failed to validate coupon. Please try again.',
      );
    } finally {
      setChecking(false);
    }
  }

  const coupons = (festivals.data ?? []).filter((festival) => festival.festivalCode);
  return (
    <section aria-labelledby="cart-coupons-heading" className="flex flex-col gap-3">
      <h3 id="cart-coupons-heading" className="eyebrow">
        Festival coupons
      </h3>
      {coupons.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {coupons.map((festival) => {
            const shortfall = shortfallPaise({ minimumOrderPaise: rupeesToPaise(festival.minimumOrderAmount) }, subtotalPaise);
            return (
              <li key={festival.id}>
                <button
                  type="button"
                  disabled={shortfall > 0 || checking}
                  onClick={() => validate(festival.festivalCode ?? '')}
                  className="w-full rounded-lg border border-dashed border-gold/50 p-3 text-left transition enabled:hover:bg-gold/10 disabled:cursor-not-allowed disabled:border-shadow disabled:opacity-70"
                >
                  <span className="flex items-center justify-between gap-2">
                    <span className="font-display text-sm tracking-wider text-gold-bright">{festival.festivalCode}</span>
                    <span className="text-xs text-mist">{couponOffer(festival, formatRupees)}</span>
                  </span>
                  <span className="mt-1 block text-xs text-ash">{festival.name}</span>
                  {shortfall > 0 ? <span className="mt-1 block text-xs text-ember">Add {formatPaise(shortfall)} more to use this coupon</span> : null}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void validate(code);
        }}
      >
        <label className="flex-1">
          <span className="sr-only">Coupon code</span>
          <input
            className="field uppercase"
            value={code}
            placeholder="Coupon code"
            maxLength={30}
            onChange={(event) => {
              setCode(event.target.value.toUpperCase());
              setMessage(null);
            }}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? 'coupon-message' : undefined}
          />
        </label>
        <button type="submit" className="btn-ghost px-4" disabled={checking}>
          APPLY
        </button>
      </form>
      {message ? (
        <p id="coupon-message" className="text-sm text-blood" role="alert">
          {message}
        </p>
      ) : null}
    </section>
  );
}
