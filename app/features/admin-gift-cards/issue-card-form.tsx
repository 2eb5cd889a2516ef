import { useState } from 'react';
import { GIFT_CARD_MAX_PAISE, GIFT_CARD_MIN_PAISE } from '../../../domain/balances.ts';
import { formatRupees } from '../../../domain/money.ts';
import { TextField } from '../../components/form.tsx';
import { fieldMessage } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { useIssueCard } from './use-gift-cards-admin.ts';

const MIN = GIFT_CARD_MIN_PAISE / 100;
const MAX = GIFT_CARD_MAX_PAISE / 100;

/** The whole code of a card just issued, shown this once: the server keeps only its hash. */
export function IssuedCode({ code, recipientEmail, onDone }: { code: string; recipientEmail: string; onDone: () => void }) {
  return (
    <div className="space-y-3 rounded-md border border-gold/60 bg-gold/10 p-4 text-sm" role="status" data-testid="issued-code">
      <p className="text-mist">The card&apos;s code:</p>
      <p className="break-all font-mono text-xl tracking-widest text-gold-bright" data-testid="issued-code-value">
        {code}
      </p>
      <p className="text-ember">This code will not be shown again. It is also e-mailed to {recipientEmail}; copy it now if you need to give it by hand.</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-gold"
          onClick={() => {
            // Off HTTPS (a shop on a LAN address) there is no clipboard at all: that is a failure to say, not a crash.
            Promise.resolve()
              .then(() => navigator.clipboard.writeText(code))
              .then(
                () => toast.success('Code copied'),
                () => toast.error('Could not copy: select the code and copy it by hand'),
              );
          }}
        >
          Copy code
        </button>
        <button type="button" className="btn-ghost" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

/** Issuing a card by hand (a prize, a replacement): amount, recipient, and why; the API holds the limits too. */
export function IssueCardForm() {
  const issue = useIssueCard();
  const [amount, setAmount] = useState('');
  const [recipientName, setRecipientName] = useState('');
  const [recipientEmail, setRecipientEmail] = useState('');
  const [reason, setReason] = useState('');
  const [issued, setIssued] = useState<{ code: string; recipientEmail: string } | null>(null);
  const rupees = Number(amount);
  const amountProblem =
    amount && (!Number.isInteger(rupees) || rupees < MIN || rupees > MAX) ? `A gift card is a whole number of rupees from ${formatRupees(MIN)} to ${formatRupees(MAX)}` : undefined;
  const otherError = issue.error && !['amount', 'recipientName', 'recipientEmail', 'reason'].some((field) => fieldMessage(issue.error, field)) ? issue.error.message : null;

  return (
    <section className="panel space-y-4 p-4 sm:p-5" aria-labelledby="issue-card-title">
      <h2 id="issue-card-title" className="text-lg text-gold-bright">
        Issue a gift card
      </h2>
      {issued ? (
        <IssuedCode code={issued.code} recipientEmail={issued.recipientEmail} onDone={() => setIssued(null)} />
      ) : (
        <form
          className="grid gap-3 sm:grid-cols-2"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (amountProblem) return;
            issue.mutate(
              { amount: rupees, recipientName: recipientName.trim(), recipientEmail: recipientEmail.trim(), reason: reason.trim() },
              {
                onSuccess: ({ code, giftCard }) => {
                  setIssued({ code, recipientEmail: giftCard.recipientEmail ?? recipientEmail });
                  setAmount('');
                  setRecipientName('');
                  setRecipientEmail('');
                  setReason('');
                },
              },
            );
          }}
        >
          <TextField
            label="Amount (₹)"
            required
            type="number"
            inputMode="numeric"
            min={MIN}
            max={MAX}
            step={1}
            hint={`${formatRupees(MIN)} to ${formatRupees(MAX)}`}
            value={amount}
            error={amountProblem ?? fieldMessage(issue.error, 'amount')}
            onChange={(event) => setAmount(event.target.value)}
          />
          <TextField
            label="Recipient's name"
            required
            maxLength={80}
            value={recipientName}
            error={fieldMessage(issue.error, 'recipientName')}
            onChange={(event) => setRecipientName(event.target.value)}
          />
          <TextField
            label="Recipient's e-mail"
            required
            type="email"
            autoComplete="off"
            value={recipientEmail}
            error={fieldMessage(issue.error, 'recipientEmail')}
            onChange={(event) => setRecipientEmail(event.target.value)}
          />
          <TextField
            label="Reason"
            required
            maxLength={300}
            hint="Kept on the card's ledger and in the audit log"
            value={reason}
            error={fieldMessage(issue.error, 'reason')}
            onChange={(event) => setReason(event.target.value)}
          />
          {otherError ? (
            <p role="alert" className="text-sm text-blood sm:col-span-2">
              {otherError}
            </p>
          ) : null}
          <div className="sm:col-span-2">
            <button type="submit" className="btn-gold w-full sm:w-auto" disabled={issue.isPending}>
              {issue.isPending ? 'Issuing...' : 'Issue card'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
