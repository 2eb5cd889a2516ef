import { useState } from 'react';
import { UNSUBSCRIBE_LINK_INVALID } from '../../../contracts/mailing-lists.ts';
import { isMailingList, MAILING_LISTS } from '../../../domain/mailing-lists.ts';
import { api, ApiRequestError } from '../../lib/api-client.ts';
import { PageHero, Prose } from '../content/index.ts';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * Where an e-mail's unsubscribe link leads in a browser. Leaving the list takes a press of the button (the same
 * POST a mail client's one-click unsubscribe sends), so a mail scanner that opens the link unsubscribes nobody.
 */
export function UnsubscribePage({ query }: { query: URLSearchParams }) {
  const list = query.get('list') ?? '';
  const email = query.get('email') ?? '';
  const complete = isMailingList(list) && email !== '' && (query.get('token') ?? '') !== '';
  const [state, setState] = useState<State>(complete ? { kind: 'idle' } : { kind: 'failed', message: UNSUBSCRIBE_LINK_INVALID });
  const listName = isMailingList(list) ? MAILING_LISTS[list].name : 'these e-mails';

  async function unsubscribe() {
    setState({ kind: 'sending' });
    try {
      const answer = await api<{ message: string }>(`/email/unsubscribe?${query}`, { method: 'POST' });
      setState({ kind: 'done', message: answer.message });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof ApiRequestError ? error.message : UNSUBSCRIBE_LINK_INVALID });
    }
  }

  return (
    <>
      <PageHero eyebrow="E-mail" title={`Stop ${listName}`}>
        {isMailingList(list) ? <p>{MAILING_LISTS[list].description}</p> : null}
      </PageHero>
      <Prose>
        {state.kind === 'done' || state.kind === 'failed' ? (
          <p role="status">{state.message}</p>
        ) : (
          <>
            <p>
              Stop sending {listName} to <strong>{email}</strong>? Receipts and news of your orders still reach you.
            </p>
            <button type="button" className="btn-gold" onClick={() => void unsubscribe()} disabled={state.kind === 'sending'}>
              {state.kind === 'sending' ? 'Unsubscribing…' : 'Unsubscribe'}
            </button>
          </>
        )}
      </Prose>
    </>
  );
}
