/**
 * The PIN box and the PIN it remembers, in one module: the box is on every potion's first paint, so its store
 * comes in the same small file rather than as another request.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { create } from 'zustand';
import type { ServiceabilityResponse } from '../../../contracts/shipping.ts';
import { deliveryPromiseText, isPincode, pincodeProblem, type DeliveryPromise } from '../../../domain/delivery-promise.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';

/** The PIN a shopper checked, for this visit (the tab's session): every PIN box and the checkout start from it. */
const PIN_KEY = 'deosil-delivery-pin';

function readPin(): string | null {
  try {
    const stored = window.sessionStorage.getItem(PIN_KEY);
    return stored && isPincode(stored) ? stored : null;
  } catch {
    return null;
  }
}

function writePin(pincode: string): void {
  try {
    window.sessionStorage.setItem(PIN_KEY, pincode);
  } catch {
    // Storage unavailable (private browsing): the PIN lasts as long as the page.
  }
}

interface DeliveryPinState {
  pincode: string | null;
  promise: DeliveryPromise | null;
  checking: boolean;
  error: string | null;
  /** Asks the shop about a PIN and remembers it for the visit; a malformed one is refused here, unsent. */
  check(pincode: string): Promise<DeliveryPromise | null>;
  /** After hydration: the PIN remembered earlier in the visit, checked again (its date may have moved). */
  restore(): void;
}

/** One answer shared by the product page, the cart and the checkout, so a PIN is typed once per visit. */
export const useDeliveryPin = create<DeliveryPinState>((set, get) => ({
  pincode: null,
  promise: null,
  checking: false,
  error: null,
  async check(raw) {
    const pincode = raw.replace(/\s/g, '');
    const problem = pincodeProblem(pincode);
    if (problem) {
      set({ error: problem, promise: null });
      return null;
    }
    if (get().promise?.pincode === pincode) return get().promise;
    set({ pincode, checking: true, error: null });
    writePin(pincode);
    try {
      const { success: _success, ...promise } = await api<ServiceabilityResponse>(`/shipping/serviceability?pincode=${pincode}`);
      // A slower answer to a PIN typed earlier never replaces the answer to the latest one.
      if (get().pincode === pincode) set({ promise, checking: false });
      return promise;
    } catch (failure) {
      set({ checking: false, promise: null, error: failure instanceof ApiRequestError ? failure.message : 'Could not reach the shop. Please try again.' });
      return null;
    }
  },
  restore() {
    const remembered = readPin();
    if (remembered && !get().pincode) void get().check(remembered);
  },
}));

/**
 * Whether the shop offers cash on delivery at checkout (step 3 does): the box then says where the zone allows it
 * ('Cash on delivery available') and where it does not ('Pay online only'). Turned off, it leaves COD out, so the
 * box never offers what the checkout cannot take.
 */
export const CASH_ON_DELIVERY_AT_CHECKOUT = true;

/** The promise for the remembered PIN, in the PIN box's words, or null before any answer. */
export function useDeliveryPromiseText(): { text: string; serviceable: boolean } | null {
  const promise = useDeliveryPin((state) => state.promise);
  if (!promise) return null;
  return { text: deliveryPromiseText(promise, { cashOnDelivery: CASH_ON_DELIVERY_AT_CHECKOUT }), serviceable: promise.serviceable };
}

/**
 * 'Check delivery': a PIN code in, the shop's promise out ('Delivers to 560038 (Bengaluru, Karnataka) by
 * Thu, 26 Nov'). The PIN is remembered for the visit, so the cart and the checkout already know it.
 */
export function DeliveryCheck({ compact = false }: { compact?: boolean }) {
  const { pincode, checking, error, check, restore } = useDeliveryPin();
  const answer = useDeliveryPromiseText();
  const [typed, setTyped] = useState<string | null>(null);
  const id = useId();
  useEffect(() => restore(), [restore]);
  const value = typed ?? pincode ?? '';
  // In the cart it sits under the cart's own heading; on a potion's page it is a section of the page.
  const Heading = compact ? 'h3' : 'h2';

  function submit(event: FormEvent) {
    event.preventDefault();
    void check(value);
  }

  return (
    <section aria-labelledby={`${id}-title`} className={compact ? 'text-sm' : 'rounded-lg border border-shadow bg-crypt/60 p-4'} data-testid="delivery-check">
      <Heading id={`${id}-title`} className={compact ? 'mb-1 text-xs tracking-wider text-ash uppercase' : 'font-display text-sm tracking-wider text-gold'}>
        Check delivery
      </Heading>
      <form noValidate onSubmit={submit} className="flex gap-2">
        <label htmlFor={`${id}-pin`} className="sr-only">
          PIN code
        </label>
        <input
          id={`${id}-pin`}
          className="field min-w-0 flex-1 font-mono tracking-widest"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={7}
          placeholder="PIN code"
          value={value}
          onChange={(event) => setTyped(event.target.value.replace(/[^\d ]/g, ''))}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-answer`}
        />
        <button type="submit" className="btn-ghost shrink-0 px-4" disabled={checking}>
          {checking ? 'Checking…' : 'Check'}
        </button>
      </form>
      <p id={`${id}-answer`} role="status" className={`mt-2 min-h-5 text-sm ${error || (answer && !answer.serviceable) ? 'text-blood' : 'text-mist'}`} data-testid="delivery-promise">
        {error ?? answer?.text ?? ''}
      </p>
      {answer && !answer.serviceable && !error ? (
        <a href="/shipping#where-we-deliver" className="text-xs text-orchid underline underline-offset-4 hover:text-gold-bright">
          Where we deliver
        </a>
      ) : null}
    </section>
  );
}
