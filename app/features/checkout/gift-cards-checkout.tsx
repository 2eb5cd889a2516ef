import { useEffect, useState } from 'react';
import { TextField } from '../../components/form.tsx';
import { PrivacyNotice } from '../../components/privacy-notice.tsx';
import toast from '../../lib/toast.ts';
import { formFieldOf, initialShippingDetails, paymentParties, withLastOrderContact } from '../../../domain/checkout-form.ts';
import { formatRupees } from '../../../domain/money.ts';
import { shippingFieldError, validationToast, type ShippingDetails } from '../../../domain/shipping-details.ts';
import { useAuth } from '../account/index.ts';
import { CartGiftCards, giftCardsTotal, useCartStore } from '../cart/index.ts';
import { useMyOrders } from '../orders/index.ts';
import { CHECKOUT_TOAST, clearCheckoutToasts } from './checkout-toasts.ts';
import { SandboxPaymentDialog } from './sandbox-payment-dialog.tsx';
import { TestPaymentMarker } from './test-payment-marker.tsx';
import { usePayment } from './use-payment.ts';

/** Who is buying: all a checkout of gift cards alone asks (decision 0083). */
const CONTACT_FIELDS = [
  { field: 'firstName', label: 'First Name', autoComplete: 'given-name' },
  { field: 'lastName', label: 'Last Name', autoComplete: 'family-name' },
  { field: 'email', label: 'Email', autoComplete: 'email', type: 'email', inputMode: 'email' },
  { field: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
] as const;
type ContactField = (typeof CONTACT_FIELDS)[number]['field'];
type ContactErrors = Partial<Record<ContactField, string>>;

function contactErrors(values: ShippingDetails): ContactErrors {
  const found: ContactErrors = {};
  for (const { field } of CONTACT_FIELDS) {
    const message = shippingFieldError(field, values[field]);
    if (message) found[field] = message;
  }
  return found;
}

/**
 * /checkout when the cart holds gift cards and no potion: nothing is shipped, so there is no address, delivery
 * day, cash on delivery or gift wrap to ask about; only who is buying, and the payment, online, for the cards.
 */
export function GiftCardsCheckout({ paymentSandbox }: { paymentSandbox: boolean }) {
  const user = useAuth((state) => state.user);
  const giftCards = useCartStore((state) => state.giftCards);
  const [values, setValues] = useState<ShippingDetails>(() => initialShippingDetails(user));
  const [errors, setErrors] = useState<ContactErrors>({});
  const lastOrder = useMyOrders().data?.[0];
  useEffect(() => {
    if (lastOrder) setValues((current) => withLastOrderContact(current, lastOrder));
  }, [lastOrder]);
  useEffect(() => () => clearCheckoutToasts(), []);

  const payment = usePayment({
    onFieldErrors: (serverErrors) => {
      const mapped: ContactErrors = {};
      for (const { field, message } of serverErrors) {
        const formField = formFieldOf(field);
        if (formField && CONTACT_FIELDS.some((entry) => entry.field === formField)) mapped[formField as ContactField] ??= message;
        // A card no longer right (its day has passed while the page stood open): said in the shop's words.
        else toast.error(message, { id: CHECKOUT_TOAST.step });
      }
      setErrors(mapped);
    },
    onStockConflict: () => undefined,
  });
  const total = giftCardsTotal(giftCards);

  const change = (field: ContactField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: shippingFieldError(field, value) ?? undefined }));
  };
  const pay = async () => {
    const found = contactErrors(values);
    setErrors(found);
    const count = Object.keys(found).length;
    if (count > 0) {
      toast.error(validationToast(count), { id: CHECKOUT_TOAST.step });
      return;
    }
    const { customerInfo } = paymentParties(values);
    await payment.pay({ items: [], customerInfo, giftCards: giftCards.map(({ id: _id, ...card }) => card) }, customerInfo);
  };

  return (
    <section className="mx-auto max-w-5xl px-4 py-8 sm:py-12">
      {paymentSandbox ? <TestPaymentMarker className="mb-4" /> : null}
      <p className="eyebrow">Secure Checkout</p>
      <h1 className="mt-1 text-2xl text-gold-bright sm:text-3xl">Buy Gift Cards</h1>
      <p className="mt-2 max-w-2xl text-sm text-ash">Nothing is shipped: each card is e-mailed to its recipient, with its code, on the day you chose. We only need to know who is buying.</p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="panel p-4 sm:p-6">
          <fieldset className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <legend className="mb-3 text-lg text-gold-bright">Your details</legend>
            {CONTACT_FIELDS.map((setup) => (
              <TextField
                key={setup.field}
                name={setup.field}
                label={setup.label}
                autoComplete={setup.autoComplete}
                type={'type' in setup ? setup.type : 'text'}
                inputMode={'inputMode' in setup ? setup.inputMode : undefined}
                required
                value={values[setup.field]}
                error={errors[setup.field]}
                onChange={(event) => change(setup.field, event.target.value)}
                onBlur={() => setErrors((current) => ({ ...current, [setup.field]: shippingFieldError(setup.field, values[setup.field]) ?? undefined }))}
              />
            ))}
          </fieldset>
          <PrivacyNotice at="gift-card-checkout" className="mt-5" />

          <div className="mt-6 flex flex-col items-center gap-3 border-t border-shadow pt-5 text-center">
            <p className="text-ash">Amount to pay</p>
            <p className="font-display text-3xl text-gold-bright" data-testid="payment-amount">
              {formatRupees(total)}
            </p>
            {payment.failed ? (
              <p role="alert" className="w-full max-w-sm rounded-md border border-blood/50 bg-blood/10 p-3 text-sm text-blood">
                Payment failed. Please try again.
              </p>
            ) : null}
            <p className="max-w-sm text-sm text-ash">Pay securely by card, UPI, net banking or wallet. A gift card is bought with money, never with another gift card or store credit.</p>
            <button type="button" className="btn-gold w-full max-w-xs" disabled={payment.processing || total === 0} aria-busy={payment.processing} onClick={() => void pay()}>
              {payment.processing ? (
                <>
                  <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-void/30 border-t-void" />
                  Processing Payment...
                </>
              ) : (
                `Pay ${formatRupees(total)}`
              )}
            </button>
          </div>
        </div>

        <aside className="panel h-fit p-4 sm:p-6" aria-labelledby="summary-title">
          <h2 id="summary-title" className="text-lg text-gold-bright">
            Order Summary
          </h2>
          <CartGiftCards />
          <p className="mt-2 text-xs text-ash">No GST and no tax invoice on a gift card: the potions it buys are taxed when it is spent.</p>
        </aside>
      </div>
      {payment.sandbox ? <SandboxPaymentDialog key={payment.sandbox.razorpayOrderId} session={payment.sandbox} /> : null}
    </section>
  );
}
