import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { SynonymsResponse } from '../../../contracts/search.ts';
import toast from '../../lib/toast.ts';
import { AdminScreen, adminApi } from '../admin/index.ts';

/**
 * The words catalogue search treats as one (attar, ittar, itr): one group a line, words separated by commas.
 * Saved, the next search uses them (docs/decisions/0064).
 */
export function SearchSynonymsPage() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['admin', 'search-synonyms'], queryFn: ({ signal }) => adminApi<SynonymsResponse>('/admin/search-synonyms', { signal }) });
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (list.data) setText(list.data.text);
  }, [list.data]);
  const save = useMutation({
    mutationFn: (body: { text: string }) => adminApi<SynonymsResponse>('/admin/search-synonyms', { method: 'PUT', body }),
    onSuccess: (saved) => {
      setError(null);
      queryClient.setQueryData(['admin', 'search-synonyms'], saved);
      toast.success('Synonyms saved: the next search uses them');
    },
    onError: (failure: Error) => setError(failure.message),
  });

  return (
    <AdminScreen
      eyebrow="Catalogue search"
      title="Search synonyms"
      intro="Words shoppers type for the same thing. Each line is one group, its words separated by commas: a search for any of them finds them all. Misspellings are forgiven without a line here."
    >
      <form
        className="panel space-y-3 p-4"
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ text });
        }}
      >
        <label className="block text-sm text-ash" htmlFor="synonym-lines">
          Groups, one a line (for example: attar, ittar, itr)
        </label>
        <textarea
          id="synonym-lines"
          className="field min-h-72 font-mono text-sm"
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'synonym-error' : undefined}
          disabled={!list.data}
        />
        {error ? (
          <p id="synonym-error" role="alert" className="text-sm text-blood">
            {error}
          </p>
        ) : null}
        {list.isError ? (
          <p role="alert" className="text-sm text-blood">
            The list could not be loaded: {(list.error as Error).message}
          </p>
        ) : null}
        <button type="submit" className="btn-gold" disabled={!list.data || save.isPending}>
          {save.isPending ? 'Saving…' : 'Save synonyms'}
        </button>
      </form>
    </AdminScreen>
  );
}
