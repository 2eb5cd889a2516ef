import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedAddress } from '../../../contracts/address-book.ts';
import { MAX_SAVED_ADDRESSES } from '../../../domain/address-book.ts';
import { phoneMessages } from '../../../domain/phone.ts';
import { call, registerCustomer } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { savedAddresses } from '../../db/schema/index.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await startTestShop({ seed: false });
});
afterAll(async () => {
  await shop?.close();
});

const HOME = { label: 'Home', firstName: 'Mira', lastName: 'Night', phone: '98765-43210', street: '12 Moonlit Lane', city: 'Pune', state: 'maharashtra', zipCode: '411001', country: 'India' };
const OFFICE = { ...HOME, label: 'Office', street: '4 Brigade Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001' };

const add = (token: string, body: Record<string, unknown>) => call(shop, 'POST', '/api/addresses', { token, body });
const list = async (token: string) => (await call(shop, 'GET', '/api/addresses', { token })).body.addresses as SavedAddress[];

describe('the address book', () => {
  it('keeps labelled addresses, the first one the default, and moves the default when asked', async () => {
    const { token } = await registerCustomer(shop);
    const home = await add(token, HOME);
    expect(home.status).toBe(201);
    expect(home.body.address).toMatchObject({ label: 'Home', state: 'Maharashtra', phone: '+91 98765 43210', isDefault: true });
    const office = await add(token, OFFICE);
    expect(office.body.address).toMatchObject({ label: 'Office', isDefault: false });
    expect((await list(token)).map((address) => address.label)).toEqual(['Home', 'Office']);

    const officeId = (office.body.address as SavedAddress).id;
    const moved = await call(shop, 'PUT', `/api/addresses/${officeId}`, { token, body: { ...OFFICE, street: '5 Brigade Road', isDefault: true } });
    expect(moved.status).toBe(200);
    expect((await list(token)).map((address) => [address.label, address.street, address.isDefault])).toEqual([
      ['Office', '5 Brigade Road', true],
      ['Home', '12 Moonlit Lane', false],
    ]);
  });

  it('hands the default to the oldest remaining address when the default is deleted', async () => {
    const { token } = await registerCustomer(shop);
    const home = (await add(token, HOME)).body.address as SavedAddress;
    await add(token, OFFICE);
    await add(token, { ...OFFICE, label: 'Parents' });
    expect((await call(shop, 'DELETE', `/api/addresses/${home.id}`, { token })).status).toBe(200);
    expect((await list(token)).map((address) => [address.label, address.isDefault])).toEqual([
      ['Office', true],
      ['Parents', false],
    ]);
  });

  it("refuses another state's PIN, an unknown state and a phone that is no Indian mobile, naming the field, and saves nothing", async () => {
    const { token } = await registerCustomer(shop);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...HOME, zipCode: '560001' }, 'zipCode', 'PIN code 560001 is in Karnataka, not Maharashtra'],
      [{ ...HOME, state: 'Atlantis' }, 'state', 'Please choose a state or union territory of India'],
      [{ ...HOME, phone: '+1 415 555 0100' }, 'phone', phoneMessages.invalid],
      [{ ...HOME, label: '' }, 'label', 'Give the address a label, such as Home or Office'],
    ];
    for (const [body, field, message] of cases) {
      const refused = await add(token, body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toContainEqual({ field, message });
    }
    expect(await list(token)).toEqual([]);
  });

  it("shows, changes and deletes only the customer's own addresses", async () => {
    const owner = await registerCustomer(shop);
    const other = await registerCustomer(shop);
    const home = (await add(owner.token, HOME)).body.address as SavedAddress;
    expect(await list(other.token)).toEqual([]);
    expect((await call(shop, 'PUT', `/api/addresses/${home.id}`, { token: other.token, body: OFFICE })).status).toBe(404);
    expect((await call(shop, 'DELETE', `/api/addresses/${home.id}`, { token: other.token })).status).toBe(404);
    expect(await list(owner.token)).toEqual([home]);
    expect((await call(shop, 'GET', '/api/addresses')).status).toBe(401);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses and one default, even when added all at once`, async () => {
    const { token, user } = await registerCustomer(shop);
    const answers = await Promise.all(Array.from({ length: MAX_SAVED_ADDRESSES + 3 }, (_, index) => add(token, { ...HOME, label: `Place ${index}`, isDefault: true })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(3);
    const rows = await shop.database.db.select().from(savedAddresses).where(eq(savedAddresses.userId, user.id));
    expect(rows).toHaveLength(MAX_SAVED_ADDRESSES);
    expect(rows.filter((row) => row.isDefault)).toHaveLength(1);
  });
});
