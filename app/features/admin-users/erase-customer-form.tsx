import { useState } from 'react';
import { CheckboxField, TextField } from '../../components/form.tsx';
import { useEraseCustomer } from './use-users-admin.ts';

/**
 * Erases a customer who wrote in asking for it: their personal data goes at once, their tax invoices stay for the
 * legal period. The request's reference (the e-mail's date, a ticket number) is kept in the audit log.
 */
export function EraseCustomerForm({ userId, name }: { userId: string; name: string }) {
  const erase = useEraseCustomer(userId);
  const [reference, setReference] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  return (
    <form
      className="mt-4 space-y-3 border-t border-blood/30 pt-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        erase.mutate(reference);
      }}
    >
      <p className="text-sm text-ash">Erase {name}&apos;s personal data at their written request. Tax invoices are kept for the legal period; everything else is deleted or anonymised at once.</p>
      <TextField label="Request reference" hint="The date of their e-mail or the ticket number" maxLength={200} value={reference} error={erase.fieldError} onChange={(event) => setReference(event.target.value)} />
      <CheckboxField label="The customer asked for this in writing, and it cannot be undone" className="h-5 w-5 shrink-0 accent-gold" checked={confirmed} onChange={(event) => setConfirmed(event.target.checked)} />
      <button type="submit" className="btn-ghost border-blood/60 text-blood disabled:opacity-40" disabled={!confirmed || erase.isPending}>
        {erase.isPending ? 'Erasing...' : 'Erase Personal Data'}
      </button>
    </form>
  );
}
