import { useState } from 'react';
import { formatRupees } from '../../../domain/money.ts';
import { TextField } from '../../components/form.tsx';
import { fieldMessage } from '../../lib/api-client.ts';
import { useGrantCredit } from './use-gift-cards-admin.ts';

/** Goodwill store credit (a late parcel, a broken bottle): to a customer by e-mail, with the reason on their ledger. */
export function GrantCreditForm() {
  const grant = useGrantCredit();
  const [email, setEmail] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const rupees = Number(amount);
  const amountProblem = amount && (!Number.isInteger(rupees) || rupees < 1) ? 'The amount is a whole number of rupees, more than 0' : undefined;
  const otherError = grant.error && !['email', 'amount', 'reason'].some((field) => fieldMessage(grant.error, field)) ? grant.error.message : null;

  return (
    <section className="panel space-y-4 p-4 sm:p-5" aria-labelledby="grant-credit-title">
      <h2 id="grant-credit-title" className="text-lg text-gold-bright">
        Grant store credit
      </h2>
      <form
        className="grid gap-3 sm:grid-cols-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (amountProblem) return;
          grant.mutate(
            { email: email.trim(), amount: rupees, reason: reason.trim() },
            {
              // A second grant takes a new amount and reason: a press twice over grants nothing more.
              onSuccess: () => {
                setAmount('');
                setReason('');
              },
            },
          );
        }}
      >
        <TextField
          label="Customer's e-mail"
          required
          type="email"
          autoComplete="off"
          value={email}
          error={fieldMessage(grant.error, 'email')}
          onChange={(event) => setEmail(event.target.value)}
        />
        <TextField
          label="Credit (₹)"
          required
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={amount}
          error={amountProblem ?? fieldMessage(grant.error, 'amount')}
          onChange={(event) => setAmount(event.target.value)}
        />
        <TextField
          label="Reason"
          required
          maxLength={300}
          fieldClassName="sm:col-span-2"
          hint="The customer sees it on their store credit history"
          value={reason}
          error={fieldMessage(grant.error, 'reason')}
          onChange={(event) => setReason(event.target.value)}
        />
        {otherError ? (
          <p role="alert" className="text-sm text-blood sm:col-span-2">
            {otherError}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <button type="submit" className="btn-gold w-full sm:w-auto" disabled={grant.isPending}>
            {grant.isPending ? 'Granting...' : 'Grant credit'}
          </button>
          {grant.isSuccess && !grant.isPending ? (
            <p role="status" className="min-w-0 break-words text-sm text-gold" data-testid="granted-balance">
              {grant.variables.email} now has {formatRupees(grant.data.balance)} of store credit.
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
