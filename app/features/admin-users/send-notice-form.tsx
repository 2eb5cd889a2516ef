import { useState } from 'react';
import { NOTIFICATION_PRIORITIES } from '../../../domain/notifications.ts';
import { SelectField, TextAreaField, TextField } from '../../components/form.tsx';
import { useSendNotice } from './use-users-admin.ts';

const LIMITS = { title: 200, message: 2000 } as const;

/**
 * A notice to one customer, written by hand (a delay, a question about their order): it appears in their bell
 * at once and stays in their Notification Center; the audit log names the admin who sent it.
 */
export function SendNoticeForm({ userId, name }: { userId: string; name: string }) {
  const send = useSendNotice(userId, name);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [priority, setPriority] = useState<(typeof NOTIFICATION_PRIORITIES)[number]>('medium');
  const [missing, setMissing] = useState<{ title?: string; message?: string }>({});
  const errorOf = (field: 'title' | 'message') => missing[field] ?? send.fieldErrors[field];

  return (
    <form
      className="mt-5 space-y-3 rounded-md border border-shadow p-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const required = { title: title.trim() ? undefined : 'Title is required', message: message.trim() ? undefined : 'Message is required' };
        setMissing(required);
        if (required.title || required.message) return;
        send.mutate(
          { title: title.trim(), message: message.trim(), priority },
          {
            onSuccess: () => {
              setTitle('');
              setMessage('');
            },
          },
        );
      }}
    >
      <h3 className="text-sm text-gold">Send a notice</h3>
      <TextField label="Title" required maxLength={LIMITS.title} value={title} error={errorOf('title')} onChange={(event) => setTitle(event.target.value)} />
      <TextAreaField label="Message" required rows={3} maxLength={LIMITS.message} value={message} error={errorOf('message')} onChange={(event) => setMessage(event.target.value)} />
      <SelectField label="Priority" value={priority} onChange={(event) => setPriority(event.target.value as typeof priority)}>
        {NOTIFICATION_PRIORITIES.map((value) => (
          <option key={value} value={value} className="capitalize">
            {value.charAt(0).toUpperCase() + value.slice(1)}
          </option>
        ))}
      </SelectField>
      <button type="submit" className="btn-gold w-full sm:w-auto" disabled={send.isPending}>
        {send.isPending ? 'Sending...' : 'Send Notice'}
      </button>
    </form>
  );
}
