import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import toast from '../../lib/toast.ts';
import type { CodPlaceOrderResponse } from '../../../contracts/cash-on-delivery.ts';
import type { Order } from '../../../contracts/orders.ts';
import type { CreatePaymentOrderBody, CreatePaymentOrderResponse, PaymentConfirmation, VerifyPaymentResponse } from '../../../contracts/payments.ts';
import { ApiRequestError, api } from '../../lib/api-client.ts';
import { useCartStore } from '../cart/index.ts';
import { useSeedOrder } from '../orders/index.ts';
import { CHECKOUT_TOAST, clearCheckoutToasts } from './checkout-toasts.ts';
import type { PaymentOutcome } from './payment-outcome.ts';
import { openRazorpay, type Payer } from './razorpay-checkout.ts';
import { releaseHold } from './release-hold.ts';

export interface SandboxSession {
  razorpayOrderId: string;
  amount: number;
  outcome: PaymentOutcome;
}

export interface PaymentCallbacks {
  /** The server refused the form (400): its field messages go back to the shipping step. */
  onFieldErrors(errors: { field: string; message: string }[]): void;
  /** Stock moved (409): the review totals must be fetched again. */
  onStockConflict(): void;
}

/** How long the Payment step says 'Payment failed. Please try again.' after a failure (spec, back office §8). */
export const PAYMENT_FAILED_NOTICE_MS = 4000;
const payment = { id: CHECKOUT_TOAST.payment };

/**
 * The Payment step: creates the payment order on the server, opens Razorpay (or the sandbox dialog), verifies
 * the payment, and only then clears the cart and shows the order. A failure or cancel leaves the cart as it was;
 * a cancel also gives the units the checkout set aside back at once.
 */
export function usePayment(callbacks: PaymentCallbacks) {
  const [processing, setProcessing] = useState(false);
  const [sandbox, setSandbox] = useState<SandboxSession | null>(null);
  const [refunded, setRefunded] = useState<{ order: Order; message: string } | null>(null);
  // Bumped on each failure: the notice shows for PAYMENT_FAILED_NOTICE_MS after the latest one.
  const [failedAt, setFailedAt] = useState(0);
  useEffect(() => {
    if (!failedAt) return;
    const timer = window.setTimeout(() => setFailedAt(0), PAYMENT_FAILED_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [failedAt]);
  const attempt = useRef(0);
  // The payment order of the attempt whose window is open: closing the window releases its hold.
  const holding = useRef<string | null>(null);
  // Set synchronously, so a double click cannot create two payment orders before the button re-renders disabled.
  const busy = useRef(false);
  const finish = () => {
    busy.current = false;
    setProcessing(false);
  };
  const navigate = useNavigate();
  const seedOrder = useSeedOrder();
  const clearCart = useCartStore((state) => state.clearCart);

  const verify = async (confirmation: PaymentConfirmation) => {
    try {
      const { order, message } = await api<VerifyPaymentResponse>('/payments/razorpay/verify-and-create-order', { method: 'POST', body: confirmation });
      if (order.status === 'cancelled' && (order.paymentStatus === 'refund_pending' || order.paymentStatus === 'refunded')) {
        // Paid, but stock or the coupon ran out meanwhile: the money goes back and the cart stays to be changed.
        setRefunded({ order, message });
        return;
      }
      placed(order);
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : 'Payment verification failed';
      toast.error(`Payment verification failed: ${message}`, { ...payment, duration: 6000, position: 'top-center' });
    } finally {
      finish();
    }
  };

  const outcomeFor = (id: number): PaymentOutcome => {
    // A late callback from an attempt that already ended (a second click, a stale modal) changes nothing.
    const current = () => attempt.current === id;
    return {
      paid: (confirmation) => {
        if (!current()) return;
        setSandbox(null);
        void verify(confirmation);
      },
      failed: (description, { ended }) => {
        if (!current()) return;
        toast.error(`Payment failed: ${description}`, { ...payment, duration: 6000 });
        setFailedAt(Date.now());
        if (ended) {
          setSandbox(null);
          finish();
        }
      },
      dismissed: () => {
        if (!current()) return;
        if (holding.current) releaseHold(holding.current);
        holding.current = null;
        setSandbox(null);
        finish();
        toast('Payment cancelled', { ...payment, duration: 3000, icon: '✕' });
      },
    };
  };

  /** The server refused to start the order: its message as a toast, field errors and stock moves to the steps. */
  const refused = (error: unknown, fallback: string) => {
    const failure = error instanceof ApiRequestError ? error : null;
    toast.error(failure?.message || fallback, { ...payment, duration: 5000 });
    if (failure?.status === 400 && failure.errors.length) callbacks.onFieldErrors(failure.errors);
    if (failure?.status === 409) callbacks.onStockConflict();
  };

  /** The order stands: the cart is done with and the success page shows it from the cache. */
  const placed = (order: Order) => {
    seedOrder(order);
    clearCart();
    // The order stands: whatever the checkout said before (a failed first try) no longer applies.
    clearCheckoutToasts();
    const id = order.orderNumber || order._id || order.id;
    if (!id) {
      toast.error('Order created but unable to show details. Please check your email.', { ...payment, duration: 5000 });
      void navigate('/products');
      return;
    }
    void navigate(`/orders/success/${encodeURIComponent(id)}`);
  };

  /**
   * Cash on delivery: the order is placed at once (nothing to pay now) and waits for the customer's confirmation.
   * A refusal (no longer eligible, stock moved) leaves the cart as it was, like a failed payment.
   */
  const placeCashOnDelivery = async (body: CreatePaymentOrderBody) => {
    if (busy.current) return;
    busy.current = true;
    setProcessing(true);
    setRefunded(null);
    setFailedAt(0);
    try {
      const { order } = await api<CodPlaceOrderResponse>('/payments/cod/place-order', { method: 'POST', body });
      placed(order);
    } catch (error) {
      refused(error, 'The order could not be placed');
    } finally {
      finish();
    }
  };

  const pay = async (body: CreatePaymentOrderBody, payer: Payer) => {
    if (busy.current) return;
    busy.current = true;
    setProcessing(true);
    setRefunded(null);
    setFailedAt(0);
    attempt.current += 1;
    const outcome = outcomeFor(attempt.current);
    let order: CreatePaymentOrderResponse;
    try {
      order = await api<CreatePaymentOrderResponse>('/payments/razorpay/create-payment-order', { method: 'POST', body });
    } catch (error) {
      finish();
      refused(error, 'Failed to create payment order');
      return;
    }
    // Gift cards and store credit paid it all: the order is placed, with no window to open.
    if (order.provider === 'balances') {
      finish();
      if (order.order) placed(order.order);
      return;
    }
    holding.current = order.razorpayOrder.id;
    if (order.provider === 'sandbox') {
      // What the window collects: the total less what gift cards and store credit pay.
      setSandbox({ razorpayOrderId: order.razorpayOrder.id, amount: order.razorpayOrder.amount / 100, outcome });
      return;
    }
    try {
      await openRazorpay(order, payer, outcome);
    } catch (error) {
      finish();
      toast.error(error instanceof Error ? error.message : 'Failed to load Razorpay script. Please check your internet connection.', { ...payment, duration: 5000 });
    }
  };

  return { processing, sandbox, refunded, failed: failedAt > 0, pay, placeCashOnDelivery };
}
