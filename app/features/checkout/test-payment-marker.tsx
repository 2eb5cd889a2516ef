/**
 * Shown on checkout while the sandbox provider stands in for Razorpay, and on an order paid through it, so a demo
 * order is never taken for a real one: nothing is charged and no money moves.
 */
export function TestPaymentMarker({ className = '' }: { className?: string }) {
  return (
    <p
      role="note"
      data-testid="test-payment-marker"
      className={`flex items-start gap-2 rounded-md border border-dashed border-ember/70 bg-ember/10 px-3 py-2 text-sm text-mist ${className}`}
    >
      <span aria-hidden="true" className="font-display text-ember">
        ⚠
      </span>
      <span>
        <strong className="font-display tracking-wide text-ember">Test payment — no money moves.</strong> Online payments here are sandbox tests: no
        card, UPI or bank account is charged.
      </span>
    </p>
  );
}
