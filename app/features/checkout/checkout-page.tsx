import { useEffect, useRef, useState, type ReactNode } from 'react';
import { track } from '../consent/index.ts';
import { Link } from 'react-router';
import { billSummaryOf } from '../../../domain/bill-lines.ts';
import { BillRows } from '../../components/bill-rows.tsx';
import toast from '../../lib/toast.ts';
import type { CartQuote } from '../../../contracts/cart.ts';
import { formFieldOf, initialShippingDetails, paymentParties, withLastOrderContact } from '../../../domain/checkout-form.ts';
import { formatRupees } from '../../../domain/money.ts';
import { orderPath } from '../../../domain/order-history.ts';
import { pinStateError, SHIPPING_FIELDS, shippingErrors, shippingFieldError, validationToast, type ShippingDetails, type ShippingField } from '../../../domain/shipping-details.ts';
import { useAuth } from '../account/index.ts';
import { useCartStore, type CartItem } from '../cart/index.ts';
import { CHECKOUT_TOAST, clearCheckoutToasts } from './checkout-toasts.ts';
import { SandboxPaymentDialog } from './sandbox-payment-dialog.tsx';
import { TestPaymentMarker } from './test-payment-marker.tsx';
import { ShippingForm } from './shipping-form.tsx';
import { PrivacyNotice } from '../../components/privacy-notice.tsx';
import { BusinessInvoiceFields, businessInvoiceErrors, businessOf, NO_BUSINESS_INVOICE, type BusinessInvoice, type BusinessInvoiceErrors } from './business-invoice.tsx';
import { useCheckoutQuote } from './use-checkout-quote.ts';
import { giftErrorField, giftErrors, giftOf, GiftOption, GiftSummary, NOT_A_GIFT, type GiftChoice, type GiftErrors } from './gift-option.tsx';
import { usePayment } from './use-payment.ts';
import { PaymentMethodChoice, type PaymentMethod } from './payment-method-choice.tsx';
import { BalancePayment, balancesOf, balanceSplit, NO_BALANCES, useMyBalances, type BalanceChoice } from './balance-payment.tsx';
import { useCodEligibility } from './use-cod-eligibility.ts';
import { CartGiftCards, giftCardsTotal } from '../cart/index.ts';
import { GiftCardsCheckout } from './gift-cards-checkout.tsx';

const GIFT_CARDS_NOT_COD = 'A gift card is paid for online, not cash on delivery.';
import type { CodEligibilityResponse } from '../../../contracts/cash-on-delivery.ts';
import { COD_REASONS } from '../../../domain/cash-on-delivery.ts';
import { PostalAddress } from '../orders/index.ts';
import { deliveryPromiseText, formatDeliveryDay, type DeliveryPromise } from '../../../domain/delivery-promise.ts';
import { normalisePin } from '../../../domain/india-states.ts';
import { useDeliveryPin } from '../shipping/index.ts';
import { useMyOrders } from '../orders/index.ts';
import { useCheckoutDraft } from './checkout-draft.ts';
import { useAddressBookAtCheckout } from './saved-address-choice.tsx';
import { useWhatsAppAtCheckout } from '../whatsapp/index.ts';

const STEPS = ['Shipping', 'Review', 'Payment'] as const;
/** The spec names the field 'ZIP Code'; in India it is the PIN code, which the line under it says. */
const PIN_CODE_HINT = 'Your 6-digit PIN code';
type Step = 1 | 2 | 3;

/**
 * /checkout: Shipping, Review and Payment for the signed-in customer's cart. `paymentSandbox`: the sandbox
 * provider takes the payments, and the page says that no money moves.
 */
export function CheckoutPage({ paymentSandbox = false }: { paymentSandbox?: boolean }) {
  const user = useAuth((state) => state.user);
  const whatsapp = useWhatsAppAtCheckout(user?.id);
  const restored = useCartStore((state) => state.restored);
  const items = useCartStore((state) => state.items);
  const coupon = useCartStore((state) => state.appliedCoupon);
  const giftCards = useCartStore((state) => state.giftCards);
  const [step, setStep] = useState<Step>(1);
  // Once per visit to the checkout, when the restored cart is known; only to tags the shopper allowed.
  const checkoutTracked = useRef(false);
  useEffect(() => {
    if (!restored || checkoutTracked.current || items.length === 0) return;
    checkoutTracked.current = true;
    track(
      'begin_checkout',
      items.map((item) => ({ id: item.productId, name: item.name, size: item.size, price: item.unitPricePaise / 100, quantity: item.quantity })),
    );
  }, [restored, items]);
  const [values, setValues] = useState<ShippingDetails>(() => initialShippingDetails(user));
  // What was typed survives a reload of the tab; a returning customer starts from their last order's address.
  useCheckoutDraft(user?.id, values, setValues);
  const lastOrder = useMyOrders().data?.[0];
  useEffect(() => {
    if (lastOrder) setValues((current) => withLastOrderContact(current, lastOrder));
  }, [lastOrder]);
  const [touched, setTouched] = useState<ReadonlySet<ShippingField>>(new Set());
  // Whether the PIN in the field was typed here: only then does 'We don't deliver to …' show before Continue.
  const [pinTyped, setPinTyped] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<ShippingField, string>>>({});
  const [method, setMethod] = useState<PaymentMethod>('online');
  const [business, setBusiness] = useState<BusinessInvoice>(NO_BUSINESS_INVOICE);
  const [businessErrors, setBusinessErrors] = useState<BusinessInvoiceErrors>({});
  const [gift, setGift] = useState<GiftChoice>(NOT_A_GIFT);
  const [giftProblems, setGiftProblems] = useState<GiftErrors>({});
  const [balances, setBalances] = useState<BalanceChoice>(NO_BALANCES);
  const inputs = useRef(new Map<ShippingField, HTMLInputElement | HTMLSelectElement>());
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const quote = useCheckoutQuote(restored, gift.wanted && gift.wrap);
  const delivery = useDeliveryPin();
  const { restore: restorePin, check: checkPin } = delivery;
  const zipPin = normalisePin(values.zipCode);
  // The promise for the PIN in the form, once the shop has answered for that PIN.
  const promise = delivery.promise && delivery.promise.pincode === zipPin ? delivery.promise : null;
  const undeliverable = promise && !promise.serviceable ? deliveryPromiseText(promise) : undefined;
  const addressBook = useAddressBookAtCheckout(values, setValues, delivery.promise);

  const focusFirstInvalid = (invalid: Partial<Record<ShippingField, string>>) => {
    const first = SHIPPING_FIELDS.find((field) => invalid[field]);
    const input = first ? inputs.current.get(first) : undefined;
    if (!input) return;
    input.scrollIntoView({ behavior: 'smooth', block: 'center' });
    input.focus({ preventScroll: true });
  };

  const payment = usePayment({
    onFieldErrors: (serverErrors) => {
      const mapped: Partial<Record<ShippingField, string>> = {};
      const businessMapped: BusinessInvoiceErrors = {};
      const giftMapped: GiftErrors = {};
      for (const { field, message } of serverErrors) {
        const giftField = giftErrorField(field);
        if (giftField) {
          giftMapped[giftField] = message;
          continue;
        }
        if (field === 'business.gstin' || field === 'business.legalName') {
          businessMapped[field === 'business.gstin' ? 'gstin' : 'legalName'] = message;
          continue;
        }
        const formField = formFieldOf(field);
        if (formField && !mapped[formField]) mapped[formField] = message;
      }
      if (Object.keys(mapped).length === 0 && Object.keys(businessMapped).length === 0 && Object.keys(giftMapped).length === 0) return;
      setBusinessErrors(businessMapped);
      setGiftProblems(giftMapped);
      setErrors(mapped);
      setTouched(new Set(SHIPPING_FIELDS));
      setStep(1);
      setTimeout(() => focusFirstInvalid(mapped), 0);
    },
    onStockConflict: () => {
      void quote.refetch();
      setStep(2);
    },
  });

  // What the server is asked to charge: the basket, the coupon and the parties, for either way of paying.
  const parties = paymentParties(values);
  const body = { items: items.map(({ productId, size, quantity }) => ({ productId, size, quantity })), couponCode: coupon?.code, ...parties, business: businessOf(business), gift: giftOf(gift) };
  const codEligibility = useCodEligibility(body, step === 3 && Boolean(quote.data?.purchasable));
  const myBalances = useMyBalances(step === 3 && Boolean(user));
  const storeCredit = myBalances.data?.storeCredit.balance ?? 0;

  // Leaving the checkout ends what its toasts were about.
  useEffect(() => () => clearCheckoutToasts(), []);

  // A PIN checked earlier in the visit that the shop delivers to fills an empty PIN field (one it does not deliver
  // to stays on the potion's page, not as an error the checkout opens with); every full PIN typed is checked in turn.
  useEffect(() => restorePin(), [restorePin]);
  const rememberedPin = delivery.promise?.serviceable ? delivery.promise.pincode : null;
  useEffect(() => {
    if (rememberedPin) setValues((current) => (current.zipCode ? current : { ...current, zipCode: rememberedPin }));
  }, [rememberedPin]);
  useEffect(() => {
    if (zipPin) void checkPin(zipPin);
  }, [zipPin, checkPin]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // A new step is announced by moving focus to its heading, from where the keyboard continues.
    heading.current?.focus();
    window.scrollTo({ top: 0 });
  }, [step]);

  /** The field's own message; the PIN code also answers for the state it must belong to. */
  const messages = (details: ShippingDetails, field: ShippingField, seen: ReadonlySet<ShippingField>) => {
    const found: Partial<Record<ShippingField, string | undefined>> = {};
    if (seen.has(field)) found[field] = shippingFieldError(field, details[field]) ?? undefined;
    if ((field === 'state' || field === 'zipCode') && seen.has('zipCode')) {
      found.zipCode = shippingFieldError('zipCode', details.zipCode) ?? pinStateError(details.zipCode, details.state) ?? undefined;
    }
    return found;
  };
  const change = (field: ShippingField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (field === 'zipCode') setPinTyped(true);
    setErrors((current) => ({ ...current, ...messages(next, field, touched) }));
  };
  const blur = (field: ShippingField) => {
    const seen = new Set(touched).add(field);
    setTouched(seen);
    setErrors((current) => ({ ...current, ...messages(values, field, seen) }));
  };
  /** The shopper moves between steps: the toasts of the step being left go with it. */
  const goTo = (next: Step) => {
    clearCheckoutToasts();
    setStep(next);
  };
  const continueToReview = () => {
    const found = shippingErrors(values);
    if (!found.zipCode && undeliverable) found.zipCode = undeliverable;
    const foundBusiness = businessInvoiceErrors(business, values.state);
    const foundGift = giftErrors(gift);
    setErrors(found);
    setBusinessErrors(foundBusiness);
    setGiftProblems(foundGift);
    setTouched(new Set(SHIPPING_FIELDS));
    const count = Object.keys(found).length + Object.keys(foundBusiness).length + Object.keys(foundGift).length;
    if (count > 0) {
      toast.error(validationToast(count), { id: CHECKOUT_TOAST.step });
      focusFirstInvalid(found);
      return;
    }
    addressBook.saveIfNew();
    goTo(2);
    toast.success('Shipping information validated successfully!', { id: CHECKOUT_TOAST.step });
  };

  if (payment.refunded) return <RefundNotice message={payment.refunded.message} path={orderPath(payment.refunded.order)} />;

  if (!restored) {
    return (
      <div role="status" className="flex min-h-[60vh] items-center justify-center gap-3 text-ash">
        <span aria-hidden="true" className="h-6 w-6 animate-spin rounded-full border-2 border-shadow border-t-gold" />
        Loading your cart...
      </div>
    );
  }

  // Gift cards alone: a checkout that asks only who is buying (decision 0083).
  if (items.length === 0 && giftCards.length > 0) return <GiftCardsCheckout paymentSandbox={paymentSandbox} />;

  if (items.length === 0) {
    return (
      <section className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
        <span aria-hidden="true" className="text-5xl text-gold">
          ☾
        </span>
        <h1 className="text-2xl text-gold-bright">Your Cart is Empty</h1>
        <p className="text-ash">Add some mystical items to proceed with checkout.</p>
        <Link to="/products" className="btn-gold">
          Browse Products
        </Link>
      </section>
    );
  }

  const data = quote.data;
  const canPay = Boolean(data?.purchasable);
  // Cash on delivery is chosen only while the server still offers it for this basket and address, and never
  // with a gift card bought, which is paid online.
  // Gift cards and store credit that pay the whole order leave no cash to collect: it is placed online, with no
  // fee and nothing to confirm (docs/decisions/0084).
  const wholeByBalances = Boolean(data && (balances.cards.length || balances.useStoreCredit) && balanceSplit(data.total, balances, storeCredit).toPay === 0);
  const codRefusal = giftCards.length ? GIFT_CARDS_NOT_COD : wholeByBalances ? COD_REASONS.paidByBalances : null;
  const codAnswer = codEligibility.data && codRefusal ? { ...codEligibility.data, available: false, reason: codRefusal } : codEligibility.data;
  const cod = codAnswer?.available ? codAnswer : undefined;
  const cashOnDelivery = method === 'cod' && cod !== undefined;
  // Gift cards and store credit pay part or all of the total, online or on delivery (the courier collects the
  // rest); the bill stays as it is.
  const split = data ? balanceSplit(cashOnDelivery ? cod.total : data.total, balances, storeCredit) : null;
  const pay = async () => {
    // A ticked WhatsApp box opts the order's phone in first, so the order's own messages go there too.
    await whatsapp.commit(parties.customerInfo.phone);
    if (cashOnDelivery) await payment.placeCashOnDelivery({ ...body, ...balancesOf(balances) });
    else await payment.pay({ ...body, ...balancesOf(balances), ...(giftCards.length ? { giftCards: giftCards.map(({ id: _id, ...card }) => card) } : {}) }, { name: parties.customerInfo.name, email: parties.customerInfo.email, phone: parties.customerInfo.phone });
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      {paymentSandbox ? <TestPaymentMarker className="mb-4" /> : null}
      <p className="eyebrow">Secure Checkout</p>
      <h1 ref={heading} tabIndex={-1} className="mt-1 text-2xl text-gold-bright outline-none sm:text-3xl">
        {step === 1 ? 'Shipping Information' : step === 2 ? 'Review Your Order' : 'Payment'}
      </h1>
      <StepIndicator step={step} />

      <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem]">
        <div className="panel p-4 sm:p-6">
          {step === 1 ? addressBook.element : null}
          {step === 1 ? (
            <ShippingForm
              values={values}
              errors={{ ...errors, zipCode: errors.zipCode ?? (pinTyped || touched.has('zipCode') ? undeliverable : undefined) }}
              hints={{ zipCode: promise?.serviceable ? deliveryPromiseText(promise, { cashOnDelivery: false }) : PIN_CODE_HINT }}
              onChange={change}
              onBlur={blur}
              fieldRef={(field) => (element) => {
                if (element) inputs.current.set(field, element);
                else inputs.current.delete(field);
              }}
            />
          ) : null}
          {step === 1 ? (
            <BusinessInvoiceFields
              value={business}
              errors={businessErrors}
              onChange={(next) => {
                setBusiness(next);
                // A message goes once what it was about changes; the full check runs on Continue.
                setBusinessErrors((current) => (next.gstin !== business.gstin || next.legalName !== business.legalName || !next.wanted ? {} : current));
              }}
            />
          ) : null}
          {step === 1 ? (
            <GiftOption
              value={gift}
              errors={giftProblems}
              wrapPrice={quote.data?.giftWrapPrice}
              onChange={(next) => {
                setGift(next);
                setGiftProblems({});
              }}
            />
          ) : null}
          {step === 1 ? <PrivacyNotice at="checkout" className="mt-5" /> : null}
          {step === 2 ? <ReviewStep values={values} items={items} quote={data} loading={quote.isPending} failed={quote.isError} onEdit={() => goTo(1)} promise={promise} business={businessOf(business)} gift={giftOf(gift)} /> : null}
          {step === 3 ? (
            <PaymentStep
              total={cashOnDelivery ? split?.toPay : split ? split.toPay + giftCardsTotal(giftCards) : data?.total}
              paidWithBalances={split?.balances ?? 0}
              cashOnDelivery={cashOnDelivery}
              processing={payment.processing}
              failed={payment.failed}
              disabled={!canPay}
              onPay={() => void pay()}
              choice={
                <PaymentMethodChoice
                  value={cashOnDelivery ? 'cod' : 'online'}
                  onChange={setMethod}
                  eligibility={codAnswer}
                  checking={codEligibility.isFetching}
                  failed={codEligibility.isError}
                  disabled={payment.processing}
                />
              }
              balances={<BalancePayment value={balances} onChange={setBalances} storeCredit={storeCredit} disabled={payment.processing} />}
              extra={whatsapp.element}
            />
          ) : null}

          <div className="mt-8 flex flex-col-reverse gap-3 border-t border-shadow pt-5 sm:flex-row sm:justify-between">
            {step > 1 ? (
              <button type="button" className="btn-ghost" disabled={payment.processing} onClick={() => goTo(Math.max(1, step - 1) as Step)}>
                Previous
              </button>
            ) : (
              <span />
            )}
            {step === 1 ? (
              <button type="button" className="btn-gold" onClick={continueToReview}>
                Continue to Review
              </button>
            ) : null}
            {step === 2 ? (
              <button type="button" className="btn-gold" disabled={!canPay} onClick={() => goTo(3)}>
                Continue to Payment
              </button>
            ) : null}
          </div>
        </div>
        <OrderSummary items={items} quote={data} promise={promise} cod={step === 3 && cashOnDelivery ? cod : undefined} paidWithBalances={step === 3 && cashOnDelivery ? (split?.balances ?? 0) : 0} />
      </div>
      {payment.sandbox ? <SandboxPaymentDialog key={payment.sandbox.razorpayOrderId} session={payment.sandbox} /> : null}
    </section>
  );
}

function StepIndicator({ step }: { step: Step }) {
  return (
    <ol className="mt-6 grid grid-cols-3 gap-2" aria-label="Checkout steps">
      {STEPS.map((label, index) => {
        const number = index + 1;
        const state = number < step ? 'done' : number === step ? 'current' : 'next';
        return (
          <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="flex flex-col items-center gap-1.5 text-center sm:flex-row sm:gap-3 sm:text-left">
            <span
              className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full border font-display text-sm ${
                state === 'current' ? 'border-gold bg-gold text-void' : state === 'done' ? 'border-gold text-gold' : 'border-shadow text-ash'
              }`}
            >
              {state === 'done' ? '✓' : number}
            </span>
            <span className={`text-xs tracking-widest uppercase sm:text-sm ${state === 'next' ? 'text-ash' : 'text-gold-bright'}`}>{label}</span>
          </li>
        );
      })}
    </ol>
  );
}

function QuoteTotals({ quote, cod, paidWithBalances }: { quote: CartQuote; cod: CodEligibilityResponse | undefined; paidWithBalances: number }) {
  // Paid on delivery, the bill carries the zone's fee and the total the server quoted with it; what gift cards and
  // store credit pay of it shows under the total, with what the courier will collect.
  const bill = billSummaryOf(cod ? { ...quote, charges: [...quote.charges, { kind: 'cod-fee', label: 'Cash on Delivery fee', amount: cod.codFee }], total: cod.total, includedGst: cod.includedGst } : quote);
  return <BillRows bill={{ ...bill, paidWithBalancesPaise: Math.round(paidWithBalances * 100) }} dueLabel="To pay on delivery" testIdPrefix="checkout" />;
}

function OrderSummary({ items, quote, promise, cod, paidWithBalances }: { items: CartItem[]; quote: CartQuote | undefined; promise: DeliveryPromise | null; cod: CodEligibilityResponse | undefined; paidWithBalances: number }) {
  return (
    <aside className="panel h-fit p-4 sm:p-6" aria-labelledby="summary-title">
      <h2 id="summary-title" className="text-lg text-gold-bright">
        Order Summary
      </h2>
      <ul className="my-4 flex flex-col gap-3">
        {items.map((item) => (
          <li key={item.cartId} className="flex items-center gap-3">
            <img src={item.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-md border border-shadow object-cover" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate text-mist">{item.name}</p>
              <p className="text-xs text-ash">
                {item.size} × {item.quantity}
              </p>
            </div>
          </li>
        ))}
        <li className="list-none">
          <CartGiftCards />
        </li>
        {(quote?.gifts ?? []).map((gift) => (
          <li key={`gift-${gift.productId}-${gift.size}`} className="flex items-center gap-3" data-testid="checkout-gift">
            {gift.image ? <img src={gift.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-md border border-gold/40 object-cover" /> : null}
            <div className="min-w-0 flex-1 text-sm">
              <p className="truncate text-mist">{gift.name}</p>
              <p className="text-xs text-gold">
                {gift.size} × {gift.quantity} · FREE
              </p>
            </div>
          </li>
        ))}
      </ul>
      {quote ? <QuoteTotals quote={quote} cod={cod} paidWithBalances={paidWithBalances} /> : <p className="text-sm text-ash">Checking today&apos;s prices…</p>}
      <p className="mt-4 text-xs text-ash" data-testid="checkout-delivery">
        {promise?.serviceable && promise.estimatedDelivery
          ? `Free shipping · arrives by ${formatDeliveryDay(promise.estimatedDelivery)}`
          : 'Free shipping · prepared within 1-2 business days · arrives in 3-7 days.'}
      </p>
    </aside>
  );
}

const problemText: Record<string, string> = {
  'unknown-product': 'no longer sold',
  'unknown-size': 'this size is no longer sold',
  'out-of-stock': 'out of stock',
  'insufficient-stock': 'not enough in stock',
};

function ReviewStep({
  values,
  items,
  quote,
  loading,
  failed,
  onEdit,
  promise,
  business,
  gift,
}: {
  business: { gstin: string; legalName: string } | undefined;
  gift: ReturnType<typeof giftOf>;
  values: ShippingDetails;
  items: CartItem[];
  quote: CartQuote | undefined;
  loading: boolean;
  failed: boolean;
  onEdit(): void;
  promise: DeliveryPromise | null;
}) {
  const lineOf = (item: CartItem) => quote?.lines.find((line) => line.productId === item.productId && line.size === item.size);
  return (
    <div className="flex flex-col gap-6">
      <div>
        <div className="flex items-center justify-between">
          <h2 className="text-lg text-gold-bright">Shipping To</h2>
          <button type="button" className="text-sm text-orchid underline-offset-4 hover:text-gold-bright hover:underline" onClick={onEdit}>
            Edit
          </button>
        </div>
        <PostalAddress className="mt-2 text-sm leading-relaxed text-mist" name={`${values.firstName} ${values.lastName}`} address={values}>
          <br />
          <span className="text-ash">
            {values.email} · {values.phone}
          </span>
        </PostalAddress>
        {business ? (
          <p className="mt-2 text-sm text-mist" data-testid="review-business">
            GST invoice to {business.legalName} · GSTIN {business.gstin}
          </p>
        ) : null}
        <GiftSummary gift={gift} />
        {promise?.serviceable && promise.estimatedDelivery ? (
          <p className="mt-2 text-sm text-gold" data-testid="review-delivery">
            Arrives by {formatDeliveryDay(promise.estimatedDelivery)}
          </p>
        ) : null}
      </div>
      <div>
        <h2 className="text-lg text-gold-bright">Items</h2>
        <ul className="mt-2 divide-y divide-shadow">
          {items.map((item) => {
            const line = lineOf(item);
            return (
              <li key={item.cartId} className="flex items-start justify-between gap-3 py-3 text-sm">
                <div className="min-w-0">
                  <p className="text-mist">{item.name}</p>
                  <p className="text-xs text-ash">
                    {item.size} · {item.quantity} × {line ? formatRupees(line.unitPrice) : '…'}
                  </p>
                  {line?.problem ? <p className="text-xs text-blood">{problemText[line.problem]}{line.problem === 'insufficient-stock' ? ` (only ${line.availableQuantity} left)` : ''}</p> : null}
                </div>
                <p className="shrink-0 text-mist">{line ? formatRupees(line.lineTotal) : ''}</p>
              </li>
            );
          })}
        </ul>
      </div>
      {loading ? <p className="text-sm text-ash">Checking today&apos;s prices…</p> : null}
      {failed ? <p className="text-sm text-blood">Could not check today&apos;s prices. Please try again in a moment.</p> : null}
      {quote && !quote.purchasable ? (
        <p role="alert" className="rounded-md border border-blood/50 bg-blood/10 p-3 text-sm text-blood">
          Some potions cannot be bought as they stand. Change them in your cart to continue.
        </p>
      ) : null}
    </div>
  );
}

interface PaymentStepProps {
  total: number | undefined;
  cashOnDelivery: boolean;
  processing: boolean;
  failed: boolean;
  disabled: boolean;
  onPay(): void;
  /** The payment-method choice, above the amount. */
  choice: ReactNode;
  /** Gift cards and store credit, online or on delivery; and what they pay of the total. */
  balances: ReactNode;
  paidWithBalances: number;
  /** Below the choice: the WhatsApp updates box, when the shop offers it. */
  extra?: ReactNode;
}

function PaymentStep({ total, cashOnDelivery, processing, failed, disabled, onPay, choice, balances, paidWithBalances, extra }: PaymentStepProps) {
  const amount = total === undefined ? '' : formatRupees(total);
  const paidInFull = paidWithBalances > 0 && total === 0;
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      {choice}
      {balances}
      {paidWithBalances > 0 ? (
        <p className="text-sm text-mist" data-testid="paid-with-balances">
          Gift cards and store credit pay {formatRupees(paidWithBalances)}
        </p>
      ) : null}
      {extra ? <div className="w-full max-w-sm text-left">{extra}</div> : null}
      <p className="mt-2 text-ash">{cashOnDelivery ? 'Amount to pay on delivery' : 'Amount to pay'}</p>
      <p className="font-display text-3xl text-gold-bright" data-testid="payment-amount">
        {total === undefined ? '…' : formatRupees(total)}
      </p>
      {failed && !cashOnDelivery ? (
        <p role="alert" className="w-full max-w-sm rounded-md border border-blood/50 bg-blood/10 p-3 text-sm text-blood">
          Payment failed. Please try again.
        </p>
      ) : null}
      <p className="max-w-sm text-sm text-ash">
        {cashOnDelivery
          ? `Pay ${amount} in cash when your potion arrives. We e-mail you a link: confirm your order within 24 hours or it is cancelled.`
          : 'Pay securely by card, UPI, net banking or wallet. Your cart is kept until the payment is confirmed.'}
      </p>
      <button type="button" className="btn-gold w-full max-w-xs" disabled={processing || disabled || total === undefined} aria-busy={processing} onClick={onPay}>
        {processing ? (
          <>
            <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-void/30 border-t-void" />
            {cashOnDelivery ? 'Placing Order...' : 'Processing Payment...'}
          </>
        ) : cashOnDelivery ? (
          'Place Order (Cash on Delivery)'
        ) : paidInFull ? (
          'Place Order'
        ) : (
          `Pay ${amount}`
        )}
      </button>
    </div>
  );
}

function RefundNotice({ message, path }: { message: string; path: string }) {
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-4 px-4 text-center">
      <span aria-hidden="true" className="text-5xl text-ember">
        ↺
      </span>
      <h1 className="text-2xl text-gold-bright">Your order could not be completed</h1>
      <p role="alert" className="text-mist">
        {message}
      </p>
      <p className="text-sm text-ash">The refund goes back to the way you paid. Your cart is unchanged.</p>
      <div className="flex flex-wrap justify-center gap-3">
        <Link to={path} className="btn-ghost">
          View Order
        </Link>
        <Link to="/products" className="btn-gold">
          Continue Shopping
        </Link>
      </div>
    </section>
  );
}
