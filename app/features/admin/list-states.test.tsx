import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ListEmpty, ListTable, RefreshButton, serverPages } from './list-states.tsx';

const columns = [{ header: 'Name', cell: (row: { name: string }) => row.name }];
const table = (list: { error: Error | null; isLoading: boolean; data?: unknown }, rows: { name: string }[]) =>
  renderToStaticMarkup(
    <ListTable
      list={list}
      rows={rows}
      loading="Loading potions..."
      empty={<ListEmpty title="No potions yet." />}
      error={{ prefix: 'Potions could not be loaded: ' }}
      pages={{ page: 1, pages: 2, onPage: () => {}, label: 'Potion pages' }}
      rowKey={(row) => row.name}
      columns={columns}
      caption="Potions"
    />,
  );

describe('an admin list in its states', () => {
  it('says it is loading on its first load, and not yet that it is empty', () => {
    const html = table({ error: null, isLoading: true }, []);
    expect(html).toContain('Loading potions...');
    expect(html).not.toContain('No potions yet.');
    expect(html).not.toContain('<table');
  });

  it('says why it could not load, in the screen’s words', () => {
    expect(table({ error: new Error('The shop is away'), isLoading: false }, [])).toContain('Potions could not be loaded: The shop is away');
  });

  it('says it is empty once an empty answer came', () => {
    const html = table({ error: null, isLoading: false, data: {} }, []);
    expect(html).toContain('No potions yet.');
    expect(html).not.toContain('<table');
  });

  it('shows the records in a table, then its pages', () => {
    const html = table({ error: null, isLoading: false, data: {} }, [{ name: 'Nazar' }]);
    expect(html).toMatch(/<table[\s\S]*Nazar[\s\S]*<\/table>[\s\S]*aria-label="Potion pages"/);
    expect(html).not.toContain('No potions yet.');
  });

  it('has a Refresh button that says so, and is off, while the list is asked for again', () => {
    expect(renderToStaticMarkup(<RefreshButton list={{ refetch: () => {}, isFetching: false }} />)).toBe('<button type="button" class="btn-ghost">Refresh</button>');
    expect(renderToStaticMarkup(<RefreshButton list={{ refetch: () => {}, isFetching: true }} />)).toBe('<button type="button" class="btn-ghost" disabled="">Refreshing…</button>');
  });

  it('pages as the server answered, one page and none counted until it has', () => {
    const onPage = () => {};
    expect(serverPages({ pages: 3, total: 61 }, 2, onPage, 'Text pages', 'texts')).toEqual({ page: 2, pages: 3, onPage, label: 'Text pages', detail: '61 texts' });
    expect(serverPages(undefined, 1, onPage, 'Text pages', 'texts')).toMatchObject({ pages: 1, detail: '0 texts' });
  });
});
