import { readFile } from 'node:fs/promises';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, shippingHolidays, shippingZones } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { zoneRuleFor } from '../../../domain/delivery-promise.ts';
import { stateByName } from '../../../domain/india-states.ts';
import { datasetFile, parsePinDirectory } from './pin-directory.ts';

// Monday 23 November 2026, 10:00 in India: before the day's packing closes.
const NOW = new Date('2026-11-23T10:00:00+05:30');
let shop: TestShop;
let admin: string;
let customer: string;

beforeAll(async () => {
  shop = await startTestShop({ clock: () => NOW });
  admin = await signInAdmin(shop);
  customer = (await registerCustomer(shop)).token;
});
afterAll(async () => {
  await shop?.close();
});

const check = (pincode: string) => call(shop, 'GET', `/api/shipping/serviceability?pincode=${encodeURIComponent(pincode)}`);
const zoneCount = async () => (await shop.database.db.select({ n: count() }).from(shippingZones))[0]!.n;

describe('GET /api/shipping/serviceability on the seeded zones', () => {
  it.each([
    ['560038', { serviceable: true, city: 'Bengaluru', district: 'Bengaluru', state: 'Karnataka', zone: 'local', estimatedDelivery: '2026-11-25', codAvailable: true, codFee: 29 }],
    ['400001', { serviceable: true, city: 'Mumbai', state: 'Maharashtra', zone: 'metro', estimatedDelivery: '2026-11-26', codAvailable: true, codFee: 49 }],
    ['110001', { serviceable: true, state: 'Delhi', zone: 'metro', estimatedDelivery: '2026-11-26', codAvailable: true }],
    // Five delivery days: 24, 25, 26, 27, 28 November (a Saturday counts).
    ['302001', { serviceable: true, city: 'Jaipur', state: 'Rajasthan', zone: 'rest-of-india', estimatedDelivery: '2026-11-28', codAvailable: true, codFee: 49 }],
    // Seven delivery days skip Sunday 29 November.
    ['781001', { serviceable: true, city: 'Kamrup', state: 'Assam', zone: 'north-east-and-islands', estimatedDelivery: '2026-12-01', codAvailable: false, codFee: 0 }],
    ['737101', { serviceable: true, state: 'Sikkim', zone: 'north-east-and-islands', codAvailable: false }],
    ['194101', { serviceable: true, city: 'Leh', state: 'Ladakh', zone: 'rest-of-india', estimatedDelivery: '2026-12-01' }],
    ['744101', { serviceable: false, city: 'South Andaman', state: 'Andaman and Nicobar Islands', zone: 'not-serviceable', estimatedDelivery: null, codAvailable: false, codFee: 0 }],
    ['682551', { serviceable: false, state: 'Lakshadweep', zone: 'not-serviceable', estimatedDelivery: null }],
    // Six digits that are no post office's PIN: nothing is promised to them.
    ['111111', { serviceable: false, city: null, district: null, state: null, zone: 'not-serviceable', estimatedDelivery: null }],
  ])('%s', async (pincode, expected) => {
    const answer = await check(pincode);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, pincode, ...expected });
  });

  it.each(['56003', '5600381', '056003', 'abcdef', '560 038', '', '%00560038'])('refuses %j with 400 naming pincode', async (pincode) => {
    const answer = await check(pincode);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]).toMatchObject({ field: 'pincode', message: 'pincode must be a 6-digit Indian PIN code' });
  });

  it('refuses a missing pincode with 400 naming it', async () => {
    const answer = await call(shop, 'GET', '/api/shipping/serviceability');
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toBe('pincode');
  });
});

describe('the back office shipping screen', () => {
  it('is for admins only', async () => {
    expect((await call(shop, 'GET', '/api/admin/shipping')).status).toBe(401);
    expect((await call(shop, 'GET', '/api/admin/shipping', { token: customer })).status).toBe(403);
    const refused = await call(shop, 'POST', '/api/admin/shipping/holidays', { token: customer, body: { day: '2026-11-24', name: 'Nope' } });
    expect(refused.status).toBe(403);
  });

  it('lists the seeded zones with their ranges written as an admin writes them, and the holidays', async () => {
    const answer = await call(shop, 'GET', '/api/admin/shipping', { token: admin });
    expect(answer.status).toBe(200);
    const zones = answer.body.zones as { label: string; pins: string; zone: string; deliveryDays: number | null; codFee: number }[];
    expect(zones.find((zone) => zone.label === 'Bengaluru')).toMatchObject({ pins: '560', zone: 'local', deliveryDays: 2, codFee: 29 });
    expect(zones.find((zone) => zone.label === 'Lakshadweep')).toMatchObject({ pins: '682551–682559', zone: 'not-serviceable', deliveryDays: null });
    expect(answer.body.holidays).toContainEqual({ day: '2026-12-25', name: 'Christmas' });
  });

  it('a holiday moves the promised date, and taking it away moves it back; both are audited', async () => {
    const added = await call(shop, 'POST', '/api/admin/shipping/holidays', { token: admin, body: { day: '2026-11-24', name: 'Courier strike' } });
    expect(added.status).toBe(201);
    expect((await check('560038')).body.estimatedDelivery).toBe('2026-11-26');
    const again = await call(shop, 'POST', '/api/admin/shipping/holidays', { token: admin, body: { day: '2026-11-24', name: 'Twice' } });
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.field).toBe('day');

    expect((await call(shop, 'DELETE', '/api/admin/shipping/holidays/2026-11-24', { token: admin })).status).toBe(200);
    expect((await check('560038')).body.estimatedDelivery).toBe('2026-11-25');
    expect((await call(shop, 'DELETE', '/api/admin/shipping/holidays/2026-11-24', { token: admin })).status).toBe(404);
    const audits = await shop.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'shipping-holiday'));
    expect(audits.map((entry) => entry.action).sort()).toEqual(['shipping-holiday.create', 'shipping-holiday.delete']);
  });

  it('a narrower range inside another speaks for its PINs: Guwahati gets cash on delivery, the rest of Assam does not', async () => {
    const created = await call(shop, 'POST', '/api/admin/shipping/zones', {
      token: admin,
      body: { label: 'Guwahati', pins: '781', zone: 'north-east-and-islands', deliveryDays: 5, codAllowed: true, codFee: 79 },
    });
    expect(created.status).toBe(201);
    expect(created.body.zone).toMatchObject({ pins: '781', pinFrom: 781000, pinTo: 781999, codFee: 79 });
    expect((await check('781001')).body).toMatchObject({ zone: 'north-east-and-islands', estimatedDelivery: '2026-11-28', codAvailable: true, codFee: 79 });
    expect((await check('785001')).body).toMatchObject({ codAvailable: false, estimatedDelivery: '2026-12-01' });

    const id = (created.body.zone as { id: number }).id;
    const updated = await call(shop, 'PUT', `/api/admin/shipping/zones/${id}`, {
      token: admin,
      body: { label: 'Guwahati', pins: '781', zone: 'not-serviceable', deliveryDays: 5, codAllowed: true, codFee: 79 },
    });
    expect(updated.status).toBe(200);
    // A range the shop does not reach keeps no days and no cash on delivery, whatever the form sent.
    expect(updated.body.zone).toMatchObject({ zone: 'not-serviceable', deliveryDays: null, codAllowed: false, codFee: 0 });
    expect((await check('781001')).body).toMatchObject({ serviceable: false, estimatedDelivery: null });

    expect((await call(shop, 'DELETE', `/api/admin/shipping/zones/${id}`, { token: admin })).status).toBe(200);
    expect((await check('781001')).body).toMatchObject({ serviceable: true, codAvailable: false });
    const audits = await shop.database.db.select().from(auditLog).where(like(auditLog.action, 'shipping-zone.%'));
    expect(audits.map((entry) => entry.action)).toEqual(['shipping-zone.create', 'shipping-zone.update', 'shipping-zone.delete']);
    const update = audits[1]!.details as { before: { zone: string }; after: { zone: string } };
    expect([update.before.zone, update.after.zone]).toEqual(['north-east-and-islands', 'not-serviceable']);
  });

  it('refuses a range that partly overlaps another, or repeats one, with 409 naming pins', async () => {
    const before = await zoneCount();
    const partly = await call(shop, 'POST', '/api/admin/shipping/zones', {
      token: admin,
      body: { label: 'Across two circles', pins: '560500-561499', zone: 'metro', deliveryDays: 3, codAllowed: true, codFee: 49 },
    });
    expect(partly.status).toBe(409);
    expect(partly.body.errors?.[0]).toMatchObject({ field: 'pins' });
    expect(partly.body.message).toContain('560 (Bengaluru)');
    const repeated = await call(shop, 'POST', '/api/admin/shipping/zones', {
      token: admin,
      body: { label: 'Bengaluru again', pins: '560000-560999', zone: 'metro', deliveryDays: 3 },
    });
    expect(repeated.status).toBe(409);
    expect(await zoneCount()).toBe(before);
  });

  it.each([
    [{ pins: '56' + '0'.repeat(6) }, 'pins'],
    [{ pins: '682559-682551' }, 'pins'],
    [{ zone: 'moon' }, 'zone'],
    [{ deliveryDays: null }, 'deliveryDays'],
    [{ deliveryDays: 31 }, 'deliveryDays'],
    [{ deliveryDays: 2.5 }, 'deliveryDays'],
    [{ codFee: -1 }, 'codFee'],
    [{ label: '   ' }, 'label'],
  ])('refuses %o with 400 naming %s and changes nothing', async (change, field) => {
    const before = await zoneCount();
    const answer = await call(shop, 'POST', '/api/admin/shipping/zones', {
      token: admin,
      body: { label: 'Mysuru', pins: '570', zone: 'metro', deliveryDays: 3, codAllowed: true, codFee: 49, ...change },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toBe(field);
    expect(await zoneCount()).toBe(before);
  });

  it.each([
    [{ day: '2026-02-30' }, 'day'],
    [{ day: '24/11/2026' }, 'day'],
    [{ name: '' }, 'name'],
  ])('refuses the holiday %o with 400 naming %s', async (change, field) => {
    const answer = await call(shop, 'POST', '/api/admin/shipping/holidays', { token: admin, body: { day: '2026-11-27', name: 'Guru Nanak Jayanti', ...change } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0]?.field).toBe(field);
    expect(await shop.database.db.select().from(shippingHolidays).where(eq(shippingHolidays.day, '2026-11-27'))).toEqual([]);
  });

  it('answers 404 for a zone that does not exist', async () => {
    expect((await call(shop, 'DELETE', '/api/admin/shipping/zones/999999', { token: admin })).status).toBe(404);
    const put = await call(shop, 'PUT', '/api/admin/shipping/zones/999999', { token: admin, body: { label: 'Mysuru', pins: '570', zone: 'metro', deliveryDays: 3 } });
    expect(put.status).toBe(404);
  });
});

describe('the seeded zones against the postal data', () => {
  const NORTH_EAST = new Set(['Assam', 'Arunachal Pradesh', 'Meghalaya', 'Manipur', 'Mizoram', 'Nagaland', 'Tripura', 'Sikkim']);
  const ISLANDS = new Set(['Andaman and Nicobar Islands', 'Lakshadweep']);
  const CITY_STATES: Record<string, string> = {
    Bengaluru: 'Karnataka',
    Delhi: 'Delhi',
    Mumbai: 'Maharashtra',
    Kolkata: 'West Bengal',
    Chennai: 'Tamil Nadu',
    Hyderabad: 'Telangana',
    Pune: 'Maharashtra',
    Ahmedabad: 'Gujarat',
  };

  it('every PIN of India falls in a zone: the city zones hold only their own state, the North-east is its own zone, only the islands are not reached', async () => {
    const directory = parsePinDirectory(await readFile(datasetFile(), 'utf8'));
    expect(directory.size).toBeGreaterThan(19_000);
    const rules = (await shop.database.db.select().from(shippingZones)).map((row) => ({ ...row, from: row.pinFrom, to: row.pinTo }));
    const wrong: string[] = [];
    for (const [pin, place] of directory) {
      const rule = zoneRuleFor(pin, rules);
      if (!stateByName(place.state)) wrong.push(`${pin} is in ${place.state}, which is not one of India's states`);
      else if (!rule) wrong.push(`${pin} has no zone`);
      else if (NORTH_EAST.has(place.state) !== (rule.zone === 'north-east-and-islands')) wrong.push(`${pin} (${place.state}) is ${rule.zone}`);
      else if (ISLANDS.has(place.state) !== (rule.zone === 'not-serviceable')) wrong.push(`${pin} (${place.state}) is ${rule.zone}`);
      else if (CITY_STATES[rule.label] && CITY_STATES[rule.label] !== place.state) wrong.push(`${pin} (${place.city}, ${place.state}) is in ${rule.label}`);
    }
    expect(wrong).toEqual([]);
  });
});
