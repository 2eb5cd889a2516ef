import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ContactMessage } from '../../../contracts/admin-messages.ts';
import { TICKET_STATUSES, TICKET_STATUS_LABELS, type TicketStatus } from '../../../domain/grievances.ts';
import { ApiRequestError } from '../../lib/api-client.ts';
import toast from '../../lib/toast.ts';
import { adminApi, adminKeys } from '../admin/index.ts';

/**
 * Moves a complaint on: its status and the resolution note its sender reads by ticket number. Resolving asks for
 * the note; the server names it when it is missing.
 */
export function TicketControls({ message }: { message: ContactMessage }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<TicketStatus>(message.status);
  const [note, setNote] = useState(message.resolutionNote ?? '');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const changed = status !== message.status || note !== (message.resolutionNote ?? '');
  const noteId = `resolution-${message.id}`;

  async function save() {
    setSaving(true);
    setError('');
    try {
      await adminApi(`/admin/contact-messages/${message.id}`, { method: 'PATCH', body: { status, resolutionNote: note } });
      toast.success(`${message.ticketNumber}: ${TICKET_STATUS_LABELS[status]}`);
      await queryClient.invalidateQueries({ queryKey: adminKeys.area('contact-messages') });
    } catch (failure) {
      setError(failure instanceof ApiRequestError && failure.errors[0] ? failure.errors[0].message : failure instanceof Error ? failure.message : 'Could not save');
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mt-3 grid gap-2 border-t border-shadow pt-3 sm:grid-cols-[auto_1fr_auto] sm:items-start">
      <label className="flex flex-col gap-1 text-xs text-ash">
        Status
        <select className="field py-1.5 text-sm" value={status} onChange={(event) => setStatus(event.target.value as TicketStatus)} aria-label={`Status of ${message.ticketNumber}`}>
          {TICKET_STATUSES.map((option) => (
            <option key={option} value={option}>
              {TICKET_STATUS_LABELS[option]}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={noteId} className="flex flex-col gap-1 text-xs text-ash">
        Resolution note (the sender reads it)
        <textarea
          id={noteId}
          className="field min-h-11 py-1.5 text-sm"
          rows={2}
          maxLength={2000}
          value={note}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
      </label>
      <button type="button" className="btn-gold self-end px-4 py-2 text-xs" disabled={!changed || saving} onClick={save}>
        {saving ? 'Saving…' : 'Save'}
      </button>
      {error ? (
        <p role="alert" className="text-xs text-blood sm:col-span-3">
          {error}
        </p>
      ) : null}
    </div>
  );
}
