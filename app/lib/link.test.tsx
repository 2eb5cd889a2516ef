import type { ComponentProps, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, Link as RouterLink } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from './link.tsx';

type Props = ComponentProps<typeof RouterLink>;

function both(props: Props): { ours: string; router: string } {
  const render = (element: ReactElement) =>
    renderToStaticMarkup(<MemoryRouter initialEntries={['/products/arctic-paradise?category=woody']}>{element}</MemoryRouter>);
  return { ours: render(<Link {...props} />), router: render(<RouterLink {...props} />) };
}

describe('Link on the server', () => {
  const cases: Array<[string, Props]> = [
    ['a catalogue card link', { to: '/products/arctic-paradise', tabIndex: -1, 'aria-hidden': 'true', children: 'Arctic Paradise' }],
    [
      'a category tab with a query, scroll kept and the current page marked',
      { to: '/products?category=woody&sortBy=price', preventScrollReset: true, 'aria-current': 'page', className: 'tab', children: 'Woody' },
    ],
    ['the home link', { to: '/', className: 'brand', children: 'Deosil' }],
    ['a link with a fragment', { to: '/faq#shipping', children: 'Shipping' }],
    ['a link opened elsewhere', { to: '/terms', target: '_blank', rel: 'noreferrer', children: 'Terms' }],
    ['a link with navigation options only the browser uses', { to: '/about', replace: true, state: { from: 'card' }, viewTransition: true, children: 'About' }],
    ['a link kept out of route discovery', { to: '/contact', discover: 'none', children: 'Contact' }],
    ['an external address', { to: 'https://example.com/ritual', children: 'Elsewhere' }],
    ['a relative path', { to: 'reviews', children: 'Reviews' }],
    ['a path object', { to: { pathname: '/products', search: '?page=2' }, children: 'Next' }],
    ['a link that reloads the document', { to: '/products', reloadDocument: true, children: 'Reload' }],
  ];
  it.each(cases)('writes %s exactly as React Router does', (_name, props) => {
    const { ours, router } = both(props);
    expect(ours).toBe(router);
  });
});
