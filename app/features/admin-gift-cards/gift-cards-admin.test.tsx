import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { AdminGiftCard } from '../../../contracts/balances.ts';
import type { OrderGiftCard } from '../../../contracts/gift-card-sales.ts';
import type * as AdminKit from '../admin/index.ts';
import { GiftCardsAdminPage } from './gift-cards-admin-page.tsx';
import { GiftCardResult } from './gift-card-result.tsx';
import { IssuedCode } from './issue-card-form.tsx';
import { lookupQuery } from './use-gift-cards-admin.ts';

const byHand: AdminGiftCard = {
  id: 7,
  lastFour: 'W7XZ',
  balance: 1200,
  initial: 2000,
  status: 'active',
  expiresAt: '2027-11-28T00:00:00.000Z',
  recipientName: 'Meera Nair',
  recipientEmail: 'meera@deosil.test',
  note: 'Prize of the Diwali draw',
  createdAt: '2026-11-01T06:00:00.000Z',
  history: [
    { amount: -800, balanceAfter: 1200, reason: 'checkout', note: null, orderId: 'order-9', createdAt: '2026-11-10T06:00:00.000Z' },
    { amount: 2000, balanceAfter: 2000, reason: 'issued', note: 'Prize of the Diwali draw', orderId: null, createdAt: '2026-11-01T06:00:00.000Z' },
  ],
};

const ORDER = 'order-1';
const bought: AdminGiftCard = {
  ...byHand,
  id: 41,
  balance: 2000,
  note: null,
  history: [{ amount: 2000, balanceAfter: 2000, reason: 'issued', note: 'Bought with order DSL-1001', orderId: ORDER, createdAt: '2026-11-01T06:00:00.000Z' }],
};
const orderCard: OrderGiftCard = {
  id: 1,
  amount: 2000,
  recipientName: 'Meera Nair',
  recipientEmail: 'meera@deosil.test',
  message: '',
  deliverOn: '2026-12-01',
  lastFour: 'W7XZ',
  delivery: 'scheduled',
  sentAt: null,
  cardId: 41,
  refundedAt: null,
};

/**
 * The signed-in staff member's permissions. A server render reads a store's initial state, so the session's
 * permission check is stood in for here; the server checks them again on every call anyway.
 */
const staff = vi.hoisted(() => ({ permissions: [] as string[] }));
vi.mock('../admin/index.ts', async (original) => ({
  ...(await original<typeof AdminKit>()),
  useCan: () => (permission: string) => staff.permissions.includes(permission),
  useAdminSession: (pick: (state: { token: string }) => unknown) => pick({ token: 'admin-token' }),
}));

function staffWith(permissions: string[]) {
  staff.permissions = permissions;
}

function render(node: ReactNode, seed?: (client: QueryClient) => void): string {
  const client = new QueryClient();
  seed?.(client);
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

describe('the look-up box', () => {
  it('reads four letters and digits as a last four, anything longer as a whole code, spaces and dashes dropped', () => {
    expect(lookupQuery(' w7xz ')).toBe('lastFour=W7XZ');
    expect(lookupQuery('ABCD-EFGH-JKLM-W7XZ')).toBe('code=ABCDEFGHJKLMW7XZ');
    expect(lookupQuery('  - ')).toBeNull();
  });
});

describe('a card found, in the back office', () => {
  it('shows its last four, status, balance of initial, recipient, note and its ledger with signed amounts and the balance each left', () => {
    staffWith(['customers.read']);
    const html = render(<GiftCardResult card={byHand} />);
    expect(html).toContain('•••• W7XZ');
    expect(html).toContain('ACTIVE');
    expect(html).toContain('₹1,200.00 <span class="text-ash">of ₹2,000.00</span>');
    expect(html).toContain('Meera Nair');
    expect(html).toContain('meera@deosil.test');
    expect(html).toContain('Prize of the Diwali draw');
    expect(html).toContain('by hand');
    const entries = html.split('data-testid="gift-card-entry"').slice(1);
    expect(entries).toHaveLength(2);
    expect(entries[0]).toContain('Spent at checkout');
    expect(entries[0]).toContain('−₹800.00');
    expect(entries[0]).toContain('leaves ₹1,200.00');
    expect(entries[1]).toContain('Issued');
    expect(entries[1]).toContain('+₹2,000.00');
  });

  it('offers "Void card" only to staff who may manage balances, and never on a card already cancelled', () => {
    staffWith(['customers.read']);
    expect(render(<GiftCardResult card={byHand} />)).not.toContain('Void card');
    staffWith(['customers.read', 'balances.manage']);
    expect(render(<GiftCardResult card={byHand} />)).toContain('>Void card</button>');
    const voided = render(<GiftCardResult card={{ ...byHand, status: 'void', balance: 0 }} />);
    expect(voided).toContain('CANCELLED');
    expect(voided).not.toContain('Void card');
  });

  it('offers "Refund card" on a card a shopper bought, unspent, to staff who may refund, through the order view’s form', () => {
    const seed = (client: QueryClient) => client.setQueryData(['orders', ORDER, 'gift-cards', 'staff'], [orderCard]);
    staffWith(['customers.read', 'orders.refund']);
    const html = render(<GiftCardResult card={bought} />, seed);
    expect(html).toContain('bought by a shopper');
    expect(html).toContain('>Refund card</button>');
    // Partly spent: the server would refuse, so the button is not offered.
    expect(render(<GiftCardResult card={{ ...bought, balance: 500 }} />, seed)).not.toContain('Refund card');
    // A card issued by hand was not paid for: nothing to refund.
    expect(render(<GiftCardResult card={byHand} />, seed)).not.toContain('Refund card');
    staffWith(['customers.read']);
    expect(render(<GiftCardResult card={bought} />, seed)).not.toContain('Refund card');
  });
});

describe('a card just issued', () => {
  it('shows the whole code once, with a copy button and a plain warning that it will not be shown again', () => {
    const html = render(<IssuedCode code="ABCD-EFGH-JKLM-W7XZ" recipientEmail="meera@deosil.test" onDone={() => undefined} />);
    expect(html).toContain('ABCD-EFGH-JKLM-W7XZ');
    expect(html).toContain('>Copy code</button>');
    expect(html).toContain('This code will not be shown again');
    expect(html).toContain('e-mailed to meera@deosil.test');
  });
});

describe('the screen', () => {
  it('shows the look-up to every staff member allowed in, and issuing and granting only to those who may manage balances', () => {
    staffWith(['customers.read']);
    const reader = render(<GiftCardsAdminPage />);
    expect(reader).toContain('Look up a card');
    expect(reader).not.toContain('Issue a gift card');
    expect(reader).not.toContain('Grant store credit');
    staffWith(['customers.read', 'balances.manage']);
    const manager = render(<GiftCardsAdminPage />);
    expect(manager).toContain('Issue a gift card');
    expect(manager).toContain('Grant store credit');
  });
});
