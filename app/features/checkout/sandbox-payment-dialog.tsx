import { useEffect, useRef, useState } from 'react';
import { formatRupees } from '../../../domain/money.ts';
import { sandboxPay } from './sandbox-payment.ts';
import type { SandboxSession } from './use-payment.ts';

/**
 * Stands in for Razorpay's modal when the shop runs without Razorpay keys: the payer picks the outcome, the
 * sandbox provider signs it like Razorpay would, and the same handlers as a real payment take over.
 */
export function SandboxPaymentDialog({ session }: { session: SandboxSession }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const settle = async (outcome: 'success' | 'failure') => {
    setBusy(true);
    setProblem(null);
    try {
      const result = await sandboxPay(session.razorpayOrderId, outcome);
      if (result.success) session.outcome.paid(result);
      else session.outcome.failed(result.error.description, { ended: true });
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The test payment could not be completed.');
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby="sandbox-title"
      aria-describedby="sandbox-note"
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) session.outcome.dismissed();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-gold/40 bg-night p-0 text-mist backdrop:bg-void/80"
    >
      <div className="p-6">
        <p className="eyebrow">Sandbox</p>
        <h2 id="sandbox-title" className="mt-1 text-xl text-gold-bright">
          Test payment — no money moves
        </h2>
        <p id="sandbox-note" className="mt-3 text-sm text-ash">
          This shop is running without a live payment provider. Choose how this test payment of{' '}
          <strong className="text-mist">{formatRupees(session.amount)}</strong> should end.
        </p>
        <p className="mt-2 font-mono text-xs break-all text-ash">{session.razorpayOrderId}</p>
        {problem ? (
          <p role="alert" className="mt-3 text-sm text-blood">
            {problem}
          </p>
        ) : null}
        <div className="mt-6 grid grid-cols-1 gap-2 sm:grid-cols-3">
          <button type="button" className="btn-gold" disabled={busy} onClick={() => void settle('success')}>
            Success
          </button>
          <button type="button" className="btn-ghost border-blood/60 text-blood hover:border-blood hover:bg-blood/10" disabled={busy} onClick={() => void settle('failure')}>
            Failure
          </button>
          <button type="button" className="btn-ghost" disabled={busy} onClick={() => session.outcome.dismissed()}>
            Cancel
          </button>
        </div>
      </div>
    </dialog>
  );
}
