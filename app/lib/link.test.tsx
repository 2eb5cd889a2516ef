import type { ComponentProps, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, NavLink as RouterNavLink, Link as RouterLink } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link, NavLink } from './link.tsx';

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

type NavProps = ComponentProps<typeof RouterNavLink>;

describe('NavLink on the server', () => {
  const tab = ({ isActive }: { isActive: boolean }) => (isActive ? 'tab tab-on' : 'tab');
  const links: Array<[string, NavProps]> = [
    ['home, only on itself', { to: '/', end: true, className: tab, children: 'Home' }],
    ['the catalogue, also on a potion', { to: '/products', title: 'Browse', className: tab, children: 'Potions' }],
    ['the catalogue, only on itself', { to: '/products', end: true, className: tab, children: 'Catalogue' }],
    ['a link with a plain class and its own aria-current', { to: '/about', className: 'plain', 'aria-current': 'location', children: 'About' }],
    ['a link with a trailing slash', { to: '/products/', children: 'All' }],
    ['a case-sensitive link', { to: '/Products', caseSensitive: true, children: 'Case' }],
    ['a link that draws its children and style from its state', { to: '/products', style: ({ isActive }) => ({ opacity: isActive ? 1 : 0.5 }), children: ({ isActive }) => (isActive ? 'Here' : 'There') }],
    ['a link with a query, left to React Router', { to: '/products?category=woody', className: tab, children: 'Woody' }],
  ];
  const locations = ['/', '/products', '/products/arctic-paradise', '/PRODUCTS', '/about', '/productsx'];
  for (const location of locations) {
    it.each(links)(`at ${location} writes %s exactly as React Router does`, (_name, props) => {
      const render = (element: ReactElement) => renderToStaticMarkup(<MemoryRouter initialEntries={[location]}>{element}</MemoryRouter>);
      expect(render(<NavLink {...props} />)).toBe(render(<RouterNavLink {...props} />));
    });
  }
});
