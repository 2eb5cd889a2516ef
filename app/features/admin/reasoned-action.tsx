import { useState, type ReactNode } from 'react';
import { TextField } from '../../components/form.tsx';
import { fieldMessage } from '../../lib/api-client.ts';

/** What the step does with the reason typed: its mutation's state, and how to run it (`done` closes the form). */
export interface ReasonedStep {
  isPending: boolean;
  error: unknown;
  run(reason: string, done: () => void): void;
}

/**
 * A step staff cannot undo (cancelling a card, refunding it), behind its reason: a button opens the form, which says
 * what will happen, asks the reason the ledger and the audit keep (3 characters or more, as the server asks), and
 * does it on one press. A refusal naming `reason` shows under the field, any other under the form.
 */
export function ReasonedAction({
  openLabel,
  openClassName,
  title,
  warning,
  confirmLabel,
  pendingLabel,
  step,
  className = '',
}: {
  openLabel: string;
  openClassName: string;
  /** The form's accessible name. */
  title: string;
  warning: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  step: ReasonedStep;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const otherError = step.error && !fieldMessage(step.error, 'reason') ? (step.error as Error).message : null;
  if (!open) {
    return (
      <button type="button" className={openClassName} onClick={() => setOpen(true)}>
        {openLabel}
      </button>
    );
  }
  return (
    <form
      className={`grid gap-2 rounded-md border border-blood bg-blood/15 p-3 ${className}`}
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        step.run(reason.trim(), () => setOpen(false));
      }}
    >
      <p className="text-mist">{warning}</p>
      <TextField label="Reason" required maxLength={300} value={reason} error={fieldMessage(step.error, 'reason')} onChange={(event) => setReason(event.target.value)} />
      {otherError ? (
        <p role="alert" className="text-blood">
          {otherError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-gold" disabled={step.isPending || reason.trim().length < 3}>
          {step.isPending ? pendingLabel : confirmLabel}
        </button>
        <button type="button" className="btn-ghost" disabled={step.isPending} onClick={() => setOpen(false)}>
          Not now
        </button>
      </div>
    </form>
  );
}
