import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { ContactRequest, ContactResponse } from '../../../contracts/storefront.ts';
import { ErrorSummary, TextAreaField, TextField } from '../../components/form.tsx';
import { PrivacyNotice } from '../../components/privacy-notice.tsx';
import { api, ApiRequestError } from '../../lib/api-client.ts';

type Field = keyof ContactRequest;
type Errors = Partial<Record<Field, string>>;

/** The spec's rhythm: the message is sent, the shopper waits two seconds, thanks show for five. */
const SEND_WAIT_MS = 2000;
const THANK_YOU_MS = 5000;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LIMITS: Record<Field, number> = { name: 100, email: 254, subject: 150, message: 5000 };
const LABELS: Record<Field, string> = { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' };
const empty: ContactRequest = { name: '', email: '', subject: '', message: '' };

function validate(values: ContactRequest): Errors {
  const errors: Errors = {};
  for (const field of Object.keys(LABELS) as Field[]) {
    const value = values[field].trim();
    if (!value) errors[field] = `${LABELS[field]} is required`;
    else if (value.length > LIMITS[field]) errors[field] = `${LABELS[field]} must be at most ${LIMITS[field]} characters`;
  }
  if (!errors.email && !EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Please enter a valid email';
  return errors;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function ContactForm() {
  const [values, setValues] = useState<ContactRequest>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'thanks'>('idle');
  const [failure, setFailure] = useState('');
  /** The last message's ticket number: it stays after the thanks fade, so the sender can note it down. */
  const [ticketNumber, setTicketNumber] = useState('');
  const thanksTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);
  const id = useId();

  useEffect(() => () => clearTimeout(thanksTimer.current), []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setFailure('');
    const firstInvalid = (Object.keys(LABELS) as Field[]).find((field) => found[field]);
    if (firstInvalid) {
      formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    setStatus('sending');
    try {
      const [sent] = await Promise.all([api<ContactResponse>('/contact', { method: 'POST', body: values }), sleep(SEND_WAIT_MS)]);
      setTicketNumber(sent.ticketNumber);
      setValues(empty);
      setStatus('thanks');
      clearTimeout(thanksTimer.current);
      thanksTimer.current = setTimeout(() => setStatus('idle'), THANK_YOU_MS);
    } catch (error) {
      setStatus('idle');
      if (error instanceof ApiRequestError && error.errors.length > 0) {
        setErrors(Object.fromEntries(error.errors.map((item) => [item.field, item.message])));
      } else {
        setFailure(error instanceof Error ? error.message : 'Your message could not be sent. Please try again.');
      }
    }
  }

  /** The field's kit props; the contact page letters its labels in the display face, in capitals. */
  const field = (name: Field) => ({
    label: LABELS[name].toUpperCase(),
    labelClassName: 'mb-1 block font-display text-xs tracking-widest text-gold',
    required: true,
    error: errors[name],
    name,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setValues((current) => ({ ...current, [name]: event.target.value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
    className: 'min-h-11',
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="panel flex flex-col gap-5 p-6 sm:p-8">
      <h2 id={`${id}-title`} className="text-xl text-gold-bright">
        Send a message
      </h2>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField autoComplete="name" maxLength={LIMITS.name} {...field('name')} />
        <TextField type="email" autoComplete="email" maxLength={LIMITS.email} {...field('email')} />
      </div>
      <TextField maxLength={LIMITS.subject} {...field('subject')} />
      <TextAreaField rows={6} maxLength={LIMITS.message} {...field('message')} />
      <ErrorSummary plain>{failure}</ErrorSummary>
      <PrivacyNotice at="contact" />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <button type="submit" className="btn-gold min-h-11" disabled={status === 'sending'}>
          {status === 'sending' ? 'SENDING YOUR MESSAGE...' : 'SEND MESSAGE'}
        </button>
        <p className="text-sm text-ash">We respond within 24 hours.</p>
      </div>
      <div role="status" aria-live="polite">
        {status === 'thanks' ? (
          <div className="rounded-lg border border-gold/50 bg-gold/10 p-4">
            <p className="font-display tracking-widest text-gold-bright">THANK YOU, SEEKER</p>
            <p className="mt-1 text-mist">Your message has reached the coven. We will reply within 24 hours.</p>
          </div>
        ) : null}
        {ticketNumber ? (
          <p className="mt-3 text-sm text-ash" data-testid="ticket-number">
            Your ticket number is <strong className="font-semibold tracking-wider text-gold-bright">{ticketNumber}</strong>. We have e-mailed it to you;{' '}
            <Link to={`/grievances?ticket=${ticketNumber}`} className="text-gold underline underline-offset-4 hover:text-gold-bright">
              follow your message by it
            </Link>
            .
          </p>
        ) : null}
      </div>
    </form>
  );
}
