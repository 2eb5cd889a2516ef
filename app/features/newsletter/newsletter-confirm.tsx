import { useState } from 'react';
import { NEWSLETTER_LINK_INVALID } from '../../../contracts/storefront.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { PageHero, Prose } from '../content/index.ts';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * The newsletter's double opt-in: the link in the e-mail lands here and the subscription is confirmed by a press
 * of the button, not by opening the page, so mail scanners that open links confirm nothing.
 */
export function NewsletterConfirm({ token }: { token: string | null }) {
  const [state, setState] = useState<State>(token ? { kind: 'idle' } : { kind: 'failed', message: NEWSLETTER_LINK_INVALID });

  async function confirm() {
    setState({ kind: 'sending' });
    try {
      const answer = await api<{ message: string }>('/newsletter/confirm', { method: 'POST', body: { token } });
      setState({ kind: 'done', message: answer.message });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiRequestError ? error.message : NEWSLETTER_LINK_INVALID });
    }
  }

  return (
    <>
      <PageHero eyebrow="Newsletter" title="Confirm your subscription">
        <p>New potions, festival offers and moon rituals, at most twice a month.</p>
      </PageHero>
      <Prose>
        {state.kind === 'done' || state.kind === 'failed' ? (
          <p role="status">{state.message}</p>
        ) : (
          <button type="button" className="btn-gold" onClick={() => void confirm()} disabled={state.kind === 'sending'}>
            {state.kind === 'sending' ? 'Confirming…' : 'Yes, subscribe me'}
          </button>
        )}
      </Prose>
    </>
  );
}
