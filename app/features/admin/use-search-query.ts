import { useEffect, useState } from 'react';

/**
 * A search box's text and the query it asks for: the query follows the text 300 ms after typing pauses, so a
 * list makes one request per pause, not one per key.
 */
export function useSearchQuery(initial = ''): { search: string; setSearch: (value: string) => void; query: string; clear: () => void } {
  const [search, setSearch] = useState(initial);
  const [query, setQuery] = useState(initial.trim());
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  // Clearing is a deliberate act, not typing: the list follows at once.
  const clear = () => {
    setSearch('');
    setQuery('');
  };
  return { search, setSearch, query, clear };
}
