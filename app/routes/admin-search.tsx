import { SearchSynonymsPage } from '../features/admin-search/search-synonyms-page.tsx';

export function meta() {
  return [{ title: 'Search synonyms | Deosil Admin' }];
}

export default function AdminSearch() {
  return <SearchSynonymsPage />;
}
