import { useId, useState, type FormEvent } from 'react';
import type { NewsletterResponse } from '../../contracts/storefront.ts';
import { api, ApiRequestError, fieldMessage } from '../lib/api-client.ts';
import { Field } from './form.tsx';
import { PrivacyNotice } from './privacy-notice.tsx';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/**
 * Newsletter sign-up. The server checks the address (the browser's own check is off so that every shopper sees
 * the same message, under the field) and keeps each address once.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const id = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ kind: 'sending' });
    try {
      const result = await api<NewsletterResponse>('/newsletter', { method: 'POST', body: { email } });
      setState({ kind: 'done', message: result.message });
      setEmail('');
    } catch (error) {
      const message = error instanceof ApiRequestError ? (fieldMessage(error, 'email') ?? error.message) : 'Something went wrong. Please try again.';
      setState({ kind: 'error', message });
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`} className="flex w-full max-w-md flex-col gap-3">
      <h2 id={`${id}-title`} className="font-display text-base tracking-[0.2em] text-gold-bright">
        JOIN THE MOONLIT LIST
      </h2>
      <p className="text-sm text-ash">New potions, festival offers and lunar rituals, once a moon. Never more.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Field label="Email address" labelClassName="sr-only" fieldClassName="flex-1">
          {(control) => (
            <input
              {...control}
              type="email"
              name="email"
              required
              autoComplete="email"
              placeholder="your@email.com"
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (state.kind === 'error') setState({ kind: 'idle' });
              }}
              // The message line under the row says both the refusal and the welcome, so it describes the field.
              aria-invalid={state.kind === 'error'}
              aria-describedby={`${id}-message`}
              className="field min-h-11"
            />
          )}
        </Field>
        <button type="submit" className="btn-gold min-h-11" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'SUBSCRIBING...' : 'SUBSCRIBE'}
        </button>
      </div>
      <p id={`${id}-message`} role={state.kind === 'error' ? 'alert' : 'status'} className={`min-h-5 text-sm ${state.kind === 'error' ? 'text-blood' : 'text-gold-bright'}`}>
        {state.kind === 'error' || state.kind === 'done' ? state.message : ''}
      </p>
      <PrivacyNotice at="newsletter" />
    </form>
  );
}
