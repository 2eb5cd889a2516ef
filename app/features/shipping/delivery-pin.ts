import { create } from 'zustand';
import type { ServiceabilityResponse } from '../../../contracts/shipping.ts';
import { isPincode, type DeliveryPromise } from '../../../domain/delivery-promise.ts';
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

export const PIN_FORMAT_MESSAGE = 'Please enter a 6-digit PIN code';

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
    if (!isPincode(pincode)) {
      set({ error: PIN_FORMAT_MESSAGE, promise: null });
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
