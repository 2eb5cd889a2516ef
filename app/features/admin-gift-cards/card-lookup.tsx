import { useState } from 'react';
import { TextField } from '../../components/form.tsx';
import { fieldMessage } from '../../lib/api-client.ts';
import { ListEmpty } from '../admin/index.ts';
import { GiftCardResult } from './gift-card-result.tsx';
import { lookupQuery, useCardLookup } from './use-gift-cards-admin.ts';

/**
 * Finds cards by a whole code (read out by a customer) or its last four; a refusal from the server (the field it
 * names) shows under the box, anything else under the results.
 */
export function CardLookup() {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const found = useCardLookup(query);
  const error = found.error;
  const inline = fieldMessage(error, 'code') ?? fieldMessage(error, 'lastFour');
  return (
    <section className="panel space-y-4 p-4 sm:p-5" aria-labelledby="card-lookup-title">
      <h2 id="card-lookup-title" className="text-lg text-gold-bright">
        Look up a card
      </h2>
      <form
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        role="search"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setQuery(lookupQuery(typed));
        }}
      >
        <TextField
          label="Code or its last 4"
          fieldClassName="min-w-0 flex-1"
          hint="The whole 16-character code, or the last 4 letters and digits printed on the card"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          value={typed}
          error={inline}
          onChange={(event) => setTyped(event.target.value)}
        />
        <button type="submit" className="btn-gold sm:mt-6" disabled={found.isFetching}>
          {found.isFetching ? 'Looking...' : 'Look up'}
        </button>
      </form>
      {error && !inline ? (
        <p role="alert" className="rounded-md border border-blood/50 bg-blood/10 px-4 py-3 text-sm text-blood">
          {error.message}
        </p>
      ) : null}
      {found.data?.length === 0 ? <ListEmpty compact title="No card matches" /> : null}
      {found.data?.length ? (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Cards found">
          {found.data.map((card) => (
            <GiftCardResult key={card.id} card={card} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
