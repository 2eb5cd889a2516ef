import { useState, type FormEvent } from 'react';
import type { PublicTicket } from '../../../contracts/grievances.ts';
import { TICKET_STATUS_LABELS } from '../../../domain/grievances.ts';
import { ErrorSummary, TextField } from '../../components/form.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';

import { formatShopDate } from '../../../domain/shop-clock.ts';

const dateOf = (iso: string) => formatShopDate(iso, 'longDay');

/** A complaint followed by its ticket number and the e-mail address it was sent from. */
export function TicketStatus({ initialTicket = '' }: { initialTicket?: string }) {
  const [ticketNumber, setTicketNumber] = useState(initialTicket);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [ticket, setTicket] = useState<PublicTicket | null>(null);

  async function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!ticketNumber.trim()) missing.ticketNumber = 'Ticket number is required';
    if (!email.trim()) missing.email = 'Email is required';
    setErrors(missing);
    setFailure('');
    setTicket(null);
    if (Object.keys(missing).length > 0) return;
    setBusy(true);
    try {
      const { ticket: found } = await api<{ ticket: PublicTicket }>(`/contact/tickets/${encodeURIComponent(ticketNumber.trim())}?email=${encodeURIComponent(email.trim())}`, { token: null });
      setTicket(found);
    } catch (error) {
      if (error instanceof ApiRequestError && error.errors.length > 0) {
        setErrors(Object.fromEntries(error.errors.map((item) => [item.field === 'ticketNumber' ? 'ticketNumber' : 'email', item.message])));
      } else {
        setFailure(error instanceof Error ? error.message : 'The ticket could not be looked up. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="ticket-status-heading" className="panel flex flex-col gap-4 p-6">
      <h2 id="ticket-status-heading" className="text-xl text-gold-bright">
        Follow a complaint
      </h2>
      <form onSubmit={lookUp} noValidate className="grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField label="Ticket number" name="ticketNumber" placeholder="DP-7K3M-Q9XA" autoCapitalize="characters" value={ticketNumber} error={errors.ticketNumber} onChange={(event) => setTicketNumber(event.target.value)} />
        <TextField label="Email you wrote from" name="email" type="email" autoComplete="email" value={email} error={errors.email} onChange={(event) => setEmail(event.target.value)} />
        <button type="submit" className="btn-gold min-h-11" disabled={busy}>
          {busy ? 'LOOKING…' : 'SHOW STATUS'}
        </button>
      </form>
      <ErrorSummary plain>{failure}</ErrorSummary>
      <div role="status" aria-live="polite">
        {ticket ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-lg border border-gold/40 bg-gold/5 p-4 text-sm" data-testid="ticket-status">
            <dt className="text-ash">Ticket</dt>
            <dd className="text-mist">{ticket.ticketNumber}</dd>
            <dt className="text-ash">Subject</dt>
            <dd className="break-words text-mist">{ticket.subject}</dd>
            <dt className="text-ash">Status</dt>
            <dd className="font-semibold text-gold-bright">{TICKET_STATUS_LABELS[ticket.status]}</dd>
            <dt className="text-ash">Received</dt>
            <dd className="text-mist">{dateOf(ticket.receivedAt)}</dd>
            {ticket.status === 'resolved' ? null : (
              <>
                <dt className="text-ash">Settled by</dt>
                <dd className="text-mist">{dateOf(ticket.redressBy)}</dd>
              </>
            )}
            {ticket.resolutionNote ? (
              <>
                <dt className="text-ash">Resolution</dt>
                <dd className="break-words whitespace-pre-line text-mist">{ticket.resolutionNote}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
