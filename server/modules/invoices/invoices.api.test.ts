import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../../contracts/orders.ts';
import type { GstReportResponse } from '../../../contracts/gst-report.ts';
import { checkouts, creditNotes, orderItems, orders, products } from '../../db/schema/index.ts';
import { insertFestivalWithCoupon } from '../../../tests/support/festivals.ts';
import { gstinCheckCharacter } from '../../../domain/tax-registration.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { createPaymentOrder, placeOrder, sandboxPay, verifyPayment } from '../../../tests/support/checkout.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';
import { pdfText } from '../../../tests/support/pdf-text.ts';
import { releaseExpiredHolds } from '../inventory/checkout-holds.ts';

// The seller is registered in Karnataka.
const SELLER = { SELLER_GSTIN: '29AABCD1234E1Z4', SELLER_LEGAL_NAME: 'Deosil Perfumes Private Limited', SELLER_CIN: 'U24246KA2021PTC123456' };
const BENGALURU = { shippingAddress: { street: '5 Lavelle Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' } };
const PUNE = { shippingAddress: { street: '12 Moonlit Lane', city: 'Pune', state: 'Maharashtra', zipCode: '411001', country: 'India' } };

let now = new Date('2026-11-21T10:00:00+05:30');
let shop: TestShop;
let customer: { token: string };
let adminToken: string;
let valor: number;

beforeAll(async () => {
  shop = await startTestShop({ clock: () => now, env: { ...SELLER, PAYMENT_SANDBOX_SECRET: 'sandbox-secret-for-tests-only' } });
  customer = await registerCustomer(shop);
  adminToken = await signInAdmin(shop);
  const [row] = await shop.database.db.update(products).set({ inventory: 1000 }).where(eq(products.slug, 'valor')).returning();
  valor = row!.id;
});
afterAll(async () => {
  await shop?.close();
});

const sequence = (number: string | null) => Number(number?.split('/')[2]);

/** The fonts a PDF uses, as poppler's pdffonts lists them: each with whether it is embedded. */
function pdfFonts(pdf: Buffer): { name: string; embedded: boolean }[] {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
  writeFileSync(join(dir, 'document.pdf'), pdf);
  const lines = execFileSync('pdffonts', [join(dir, 'document.pdf')], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
  // Columns: name, type (one or two words), encoding, emb, sub, uni, object, ID; read from the right.
  return lines.map((line) => {
    const cells = line.trim().split(/\s+/);
    return { name: cells[0]!, embedded: cells.at(-5) === 'yes' };
  });
}


describe('tax invoices', () => {
  it('an order shipped within Karnataka is invoiced with CGST and SGST, split exactly, stored on its lines', async () => {
    const order = await placeOrder(shop, customer.token, [{ productId: valor, size: '50ml', quantity: 1 }], BENGALURU);
    expect(order.invoiceNumber).toMatch(/^DP\/2627\/\d{6}$/);
    expect(order.invoiceDate).toBe(now.toISOString());
    // ₹2,999 at 18 %: taxable ₹2,541.53, tax ₹457.47, the odd paisa to CGST.
    expect(order.tax).toEqual({ placeOfSupply: 'Karnataka', placeOfSupplyCode: '29', taxableValue: 2541.53, cgst: 228.74, sgst: 228.73, igst: 0 });
    expect(order.items[0]).toMatchObject({ hsnCode: '3303', gstRate: 18, taxableValue: 2541.53, cgst: 228.74, sgst: 228.73, igst: 0 });
  });

  it('an order shipped to Maharashtra bears IGST only, and the discount comes off before tax', async () => {
    await insertFestivalWithCoupon(shop.database.db, { name: 'Amavasya', festivalCode: 'AMAVASYA', couponType: 'fixed', discountValue: 44_985, startDate: new Date('2026-11-01T00:00:00Z'), endDate: new Date('2026-12-01T00:00:00Z') });
    const order = await placeOrder(shop, customer.token, [{ productId: valor, size: '50ml', quantity: 1 }], { ...PUNE, couponCode: 'AMAVASYA' });
    const [line] = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(line).toMatchObject({ discountPaise: 44_985, gstRateBp: 1800, cgstPaise: 0, sgstPaise: 0 });
    expect(line!.taxablePaise! + line!.igstPaise!).toBe(254_915);
    expect(order.tax).toMatchObject({ placeOfSupply: 'Maharashtra', placeOfSupplyCode: '27', cgst: 0, sgst: 0 });
  });

  it('keeps the rate and HSN the order was sold at when the product changes later', async () => {
    await shop.database.db.update(products).set({ hsnCode: '33030010', gstRateBp: 1200 }).where(eq(products.id, valor));
    const sold = await placeOrder(shop, customer.token, [{ productId: valor, size: '15ml', quantity: 2 }], PUNE);
    expect(sold.items[0]).toMatchObject({ hsnCode: '33030010', gstRate: 12 });
    await shop.database.db.update(products).set({ hsnCode: '3303', gstRateBp: 1800 }).where(eq(products.id, valor));
    const again = await call(shop, 'GET', `/api/orders/${sold.orderNumber}`, { token: customer.token });
    expect((again.body.order as Order).items[0]).toMatchObject({ hsnCode: '33030010', gstRate: 12, igst: sold.items[0]!.igst });
  });

  it('numbers invoices one after another, and an order that was not supplied gets none', async () => {
    const first = await placeOrder(shop, customer.token, [{ productId: valor, size: '15ml', quantity: 1 }], PUNE);
    const second = await placeOrder(shop, customer.token, [{ productId: valor, size: '15ml', quantity: 1 }], PUNE);
    expect(sequence(second.invoiceNumber)).toBe(sequence(first.invoiceNumber) + 1);
    const [hush] = await shop.database.db.update(products).set({ inventory: 1 }).where(eq(products.slug, 'hush')).returning();
    const buyers = [customer, await registerCustomer(shop)];
    // The first buyer's hold on the last unit runs out before they pay; the second buyer takes the unit.
    const created = [await createPaymentOrder(shop, buyers[0]!.token, [{ productId: hush!.id, size: '15ml', quantity: 1 }], PUNE)];
    await releaseExpiredHolds(shop.database.db, new Date(now.getTime() + 60 * 60 * 1000));
    created.push(await createPaymentOrder(shop, buyers[1]!.token, [{ productId: hush!.id, size: '15ml', quantity: 1 }], PUNE));
    const paid = await Promise.all(buyers.map((buyer, index) => sandboxPay(shop, buyer.token, (created[index]!.body.razorpayOrder as { id: string }).id)));
    const orders = [];
    for (const [index, buyer] of buyers.entries()) orders.push((await verifyPayment(shop, buyer.token, paid[index]!)).body.order as Order);
    const unsupplied = orders.find((order) => order.paymentStatus === 'refund_pending')!;
    expect(unsupplied.invoiceNumber).toBeNull();
    expect(unsupplied.tax).toBeNull();
    const supplied = orders.find((order) => order.paymentStatus === 'paid')!;
    expect(sequence(supplied.invoiceNumber)).toBe(sequence(second.invoiceNumber) + 1);
  });

  it('starts a new series on 1 April, India time', async () => {
    now = new Date('2027-03-31T23:59:00+05:30');
    const march = await placeOrder(shop, customer.token, [{ productId: valor, size: '15ml', quantity: 1 }], PUNE);
    now = new Date('2027-04-01T00:00:00+05:30');
    const april = await placeOrder(shop, customer.token, [{ productId: valor, size: '15ml', quantity: 1 }], PUNE);
    const aprilAgain = await placeOrder(shop, customer.token, [{ productId: valor, size: '15ml', quantity: 1 }], PUNE);
    now = new Date('2026-11-21T10:00:00+05:30');
    expect(march.invoiceNumber).toMatch(/^DP\/2627\//);
    expect(april.invoiceNumber).toBe('DP/2728/000001');
    expect(aprilAgain.invoiceNumber).toBe('DP/2728/000002');
  });

  it('a reopened order keeps its first invoice', async () => {
    const order = await placeOrder(shop, customer.token, [{ productId: valor, size: '15ml', quantity: 1 }], PUNE);
    await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'cancelled' } });
    const reopened = await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'processing' } });
    expect((reopened.body.order as Order).invoiceNumber).toBe(order.invoiceNumber);
  });
});

describe('credit notes', () => {
  it('a refund issues one credit note reversing the invoice, and a retried refund issues no second one', async () => {
    const order = await placeOrder(shop, customer.token, [{ productId: valor, size: '50ml', quantity: 1 }], BENGALURU);
    await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'cancelled' } });
    const refunds = await Promise.all([1, 2, 3].map(() => call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/refund`, { token: adminToken })));
    expect(refunds.filter((response) => response.status === 200)).toHaveLength(1);
    expect((await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/refund`, { token: adminToken })).status).toBe(409);
    const notes = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ invoiceNumber: order.invoiceNumber, amountPaise: 299_900, taxablePaise: 254_153, cgstPaise: 22_874, sgstPaise: 22_873, igstPaise: 0 });
    expect(notes[0]!.number).toMatch(/^DPCN\/2627\/\d{6}$/);
    const mine = await call(shop, 'GET', `/api/orders/${order.orderNumber}`, { token: customer.token });
    expect((mine.body.order as Order).creditNotes).toEqual([
      { number: notes[0]!.number, date: expect.any(String), amount: 2999, taxableValue: 2541.53, cgst: 228.74, sgst: 228.73, igst: 0 },
    ]);
  });
});

describe('credit notes of returns', () => {
  const deliver = (order: Order) => call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'delivered' } });
  const act = (id: number, body: unknown) => call(shop, 'PUT', `/api/admin/returns/${id}`, { token: adminToken, body });

  it('a partial return of a mixed-rate order credits only the returned potion, its units, at its own rate', async () => {
    const rows = await shop.database.db.update(products).set({ inventory: 100 }).where(inArray(products.slug, ['da-bomb', 'dark-poppy'])).returning();
    const daBomb = rows.find((row) => row.slug === 'da-bomb')!.id;
    const poppy = rows.find((row) => row.slug === 'dark-poppy')!.id;
    await shop.database.db.update(products).set({ gstRateBp: 1200 }).where(eq(products.id, poppy));
    try {
      const order = await placeOrder(shop, customer.token, [{ productId: daBomb, size: '50ml', quantity: 2 }, { productId: poppy, size: '50ml', quantity: 1 }], BENGALURU);
      expect((await deliver(order)).status).toBe(200);
      const bombLine = order.items.find((item) => item.productId === daBomb)!;
      const asked = await call(shop, 'POST', `/api/orders/${order.orderNumber}/returns`, { token: customer.token, body: { lines: [{ orderItemId: bombLine.id, quantity: 1 }], reason: 'damaged-or-leaking' } });
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const returnId = (asked.body.return as { id: number }).id;
      await act(returnId, { action: 'approve' });
      const received = await act(returnId, { action: 'receive', restock: false });
      expect(received.status, JSON.stringify(received.body)).toBe(200);
      const refundPaise = Math.round((received.body.return as { refundAmount: number }).refundAmount * 100);

      const [note] = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
      expect(note!.amountPaise).toBe(refundPaise);
      expect(note!.lines).toHaveLength(1);
      // One of two units: half the line's charge (₹2,499 of ₹4,998), reversed at 18 % within the state.
      expect(note!.lines[0]).toMatchObject({ orderItemId: bombLine.id, quantity: 1, gstRateBp: 1800, grossPaise: 249_900, taxablePaise: 211_780, cgstPaise: 19_060, sgstPaise: 19_060, igstPaise: 0 });

      const pdf = await shop.app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/credit-notes/${note!.number.replaceAll('/', '-')}.pdf`, headers: { authorization: `Bearer ${customer.token}` } });
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain('Da Bomb (50ml)');
      expect(text).not.toContain('Dark Poppy');
      expect(text).toContain(order.invoiceNumber!);
      expect(text).toMatch(/Da Bomb \(50ml\)\s+3303\s+1\s/);

      // The HSN summary nets the returned unit: 3 units sold at 18 % and 12 % lines, one of the 18 % ones back.
      const report = (await call(shop, 'GET', '/api/admin/reports/gst?month=2026-11', { token: adminToken })).body as unknown as GstReportResponse;
      const inNovember = (date: Date | null) => date !== null && date >= new Date('2026-11-01T00:00:00+05:30') && date < new Date('2026-12-01T00:00:00+05:30');
      const all = (await shop.database.db.select({ item: orderItems, invoiceDate: orders.invoiceDate }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId))).filter((row) => inNovember(row.invoiceDate));
      const notes = await shop.database.db.select().from(creditNotes);
      const unitsAt = (rateBp: number) =>
        all.filter((row) => row.invoiceDate && row.item.gstRateBp === rateBp && row.item.hsnCode === '3303').reduce((sum, row) => sum + row.item.quantity, 0) -
        notes.flatMap((entry) => entry.lines).filter((line) => line.gstRateBp === rateBp && line.hsnCode === '3303').reduce((sum, line) => sum + (line.quantity ?? 0), 0);
      expect(report.hsn.find((row) => row.hsnCode === '3303' && row.rate === 18)!.quantity).toBe(unitsAt(1800));
      expect(report.hsn.find((row) => row.hsnCode === '3303' && row.rate === 12)!.quantity).toBe(unitsAt(1200));

      // Cancelling the rest credits what stayed: one Da Bomb and the Dark Poppy, and all the invoice held is reversed.
      await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'cancelled' } });
      const refunded = await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/refund`, { token: adminToken });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      const both = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id)).orderBy(creditNotes.id);
      expect(both[1]!.lines.map((line) => [line.name, line.quantity])).toEqual([
        ['Da Bomb', 1],
        ['Dark Poppy', 1],
      ]);
      const invoiced = await shop.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      for (const key of ['taxablePaise', 'cgstPaise', 'sgstPaise', 'igstPaise'] as const) {
        expect(both.reduce((sum, entry) => sum + entry[key], 0), key).toBe(invoiced.reduce((sum, item) => sum + (item[key] ?? 0), 0));
      }
    } finally {
      await shop.database.db.update(products).set({ gstRateBp: 1800 }).where(eq(products.id, poppy));
    }
  });
});

describe('invoices to a registered business', () => {
  const gstinOf = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
  const KARNATAKA_COMPANY = { gstin: gstinOf('29AAACM1234A1Z'), legalName: 'Moonstone Gifting Private Limited' };

  it('names the buyer’s GSTIN and legal name on the invoice, and the month’s return lists it under B2B and its credit note under CDNR', async () => {
    const order = await placeOrder(shop, customer.token, [{ productId: valor, size: '50ml', quantity: 2 }], { ...BENGALURU, business: { gstin: KARNATAKA_COMPANY.gstin.toLowerCase(), legalName: KARNATAKA_COMPANY.legalName } });
    expect(order.business).toEqual(KARNATAKA_COMPANY);
    const pdf = await shop.app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/invoice.pdf`, headers: { authorization: `Bearer ${customer.token}` } });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`GSTIN: ${KARNATAKA_COMPANY.gstin}`);
    expect(text).toContain('Moonstone Gifting Private');

    await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'cancelled' } });
    expect((await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/refund`, { token: adminToken })).status).toBe(200);
    const csv = async (part: string) => (await shop.app.inject({ method: 'GET', url: `/api/admin/reports/gst/${part}.csv?month=2026-11`, headers: { authorization: `Bearer ${adminToken}` } })).body;
    expect(await csv('b2b')).toContain(`${KARNATAKA_COMPANY.gstin},${KARNATAKA_COMPANY.legalName},${order.invoiceNumber},21-Nov-2026,5998.00,29-Karnataka,N,,Regular B2B,,18,5083.05,`);
    const [note] = await shop.database.db.select().from(creditNotes).where(eq(creditNotes.orderId, order.id));
    expect(await csv('cdnr')).toContain(`${KARNATAKA_COMPANY.gstin},${KARNATAKA_COMPANY.legalName},${note!.number},21-Nov-2026,C,29-Karnataka,N,Regular B2B,5998.00,,18,5083.05,`);
    // Not counted again among the consumers' supplies.
    expect(await csv('b2cs')).not.toContain('5083.05');
    // Credited whole in the same month, it nets to nothing in the HSN summary, which then has no row for it.
    expect(await csv('hsn-b2b')).toBe('HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount\r\n');
  });

  it('refuses a GSTIN that is malformed or of another state than the address, naming the field, and opens no checkout', async () => {
    const count = async () => (await shop.database.db.select().from(checkouts)).length;
    const before = await count();
    const wrong = await createPaymentOrder(shop, customer.token, [{ productId: valor, size: '15ml', quantity: 1 }], { ...BENGALURU, business: { gstin: '29AAACM1234A1Z0', legalName: 'Moonstone Gifting' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([{ field: 'business.gstin', message: expect.stringMatching(/^GSTIN has the wrong check character/) }]);
    const elsewhere = await createPaymentOrder(shop, customer.token, [{ productId: valor, size: '15ml', quantity: 1 }], { ...BENGALURU, business: { gstin: gstinOf('27AAACM1234A1Z'), legalName: 'Moonstone Gifting' } });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual([{ field: 'business.gstin', message: expect.stringMatching(/registered in Maharashtra, but the order is billed to Karnataka/) }]);
    const nameless = await createPaymentOrder(shop, customer.token, [{ productId: valor, size: '15ml', quantity: 1 }], { ...BENGALURU, business: { gstin: KARNATAKA_COMPANY.gstin, legalName: ' ' } });
    expect(nameless.body.errors).toEqual([{ field: 'business.legalName', message: 'Legal name must be 2 to 120 characters, as on the GST registration' }]);
    expect(await count()).toBe(before);
  });
});

describe('under concurrency', () => {
  it('50 checkouts paid at once get 50 consecutive invoice numbers, none repeated, none skipped', async () => {
    const buyers = await Promise.all(Array.from({ length: 50 }, () => registerCustomer(shop)));
    const created = await Promise.all(buyers.map((buyer) => createPaymentOrder(shop, buyer.token, [{ productId: valor, size: '15ml', quantity: 1 }], PUNE)));
    const paid = await Promise.all(buyers.map((buyer, index) => sandboxPay(shop, buyer.token, (created[index]!.body.razorpayOrder as { id: string }).id)));
    const verified = await Promise.all(buyers.map((buyer, index) => verifyPayment(shop, buyer.token, paid[index]!)));
    expect(verified.every((response) => response.status === 200)).toBe(true);
    const numbers = verified.map((response) => sequence((response.body.order as Order).invoiceNumber)).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.at(-1)! - numbers[0]!).toBe(49);
    // Fifty sign-ups (each a password hash) and checkouts take a while on a busy machine; this is no speed test.
  }, 90_000);
});

describe('invoice and credit note PDFs', () => {
  const get = (url: string, token?: string) => shop.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

  it('the owner downloads a tax invoice that names everything rule 46 asks for', async () => {
    const order = await placeOrder(shop, customer.token, [{ productId: valor, size: '50ml', quantity: 1 }], BENGALURU);
    const response = await get(`/api/orders/${order.orderNumber}/invoice.pdf`, customer.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="invoice-${order.invoiceNumber!.replaceAll('/', '-')}.pdf"`);
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'TAX INVOICE',
      'Deosil Perfumes Private Limited',
      'GSTIN: 29AABCD1234E1Z4',
      'CIN: U24246KA2021PTC123456',
      order.invoiceNumber!,
      order.orderNumber,
      'Karnataka (State code 29)',
      '5 Lavelle Road',
      '3303',
      'CGST',
      'SGST',
      '2,541.53',
      '228.74',
      '228.73',
      '2,999.00',
      'Rupees Two Thousand Nine Hundred Ninety-Nine Only',
      'Whether tax is payable on reverse charge: No',
      'Authorised signatory',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('IGST');
    // Within the state each tax shows its own rate: CGST 9 % and SGST 9 %, never the whole 18 % in one column.
    expect(text).toMatch(/Valor \(50ml\)\s+3303\s+1\s+NOS\s+2,541\.53\s+9%\s+228\.74\s+9%\s+228\.73\s+2,999\.00/);
    expect(text).not.toContain('18%');
    expect(text).toContain('Total (₹)');
    expect(text).not.toContain('INR');
    // Every font is embedded (pdffonts' 'emb' column), so the document reads the same in any viewer or archive.
    const fonts = pdfFonts(response.rawPayload);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true });
  });

  it('an order to another state shows IGST; admins may download it, other customers and strangers may not', async () => {
    const order = await placeOrder(shop, customer.token, [{ productId: valor, size: '50ml', quantity: 1 }], PUNE);
    const admin = await get(`/api/orders/${order.id}/invoice.pdf`, adminToken);
    expect(admin.statusCode).toBe(200);
    const text = pdfText(admin.rawPayload);
    expect(text).toContain('IGST');
    expect(text).toContain('457.47');
    expect(text).toContain('Maharashtra (State code 27)');
    expect(text).not.toContain('CGST');
    const stranger = await registerCustomer(shop);
    expect((await get(`/api/orders/${order.orderNumber}/invoice.pdf`, stranger.token)).statusCode).toBe(404);
    expect((await get(`/api/orders/${order.orderNumber}/invoice.pdf`)).statusCode).toBe(401);
    expect((await get(`/api/orders/DP-00000000-0000/invoice.pdf`, customer.token)).statusCode).toBe(404);
  });

  it('a refund’s credit note names the invoice it adjusts and reverses its tax', async () => {
    const order = await placeOrder(shop, customer.token, [{ productId: valor, size: '50ml', quantity: 1 }], BENGALURU);
    await call(shop, 'PUT', `/api/admin/orders/${order.orderNumber}/status`, { token: adminToken, body: { status: 'cancelled' } });
    const refunded = (await call(shop, 'POST', `/api/admin/orders/${order.orderNumber}/refund`, { token: adminToken })).body.order as Order;
    const note = refunded.creditNotes[0]!;
    const response = await get(`/api/orders/${order.orderNumber}/credit-notes/${note.number.replaceAll('/', '-')}.pdf`, customer.token);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    for (const expected of ['CREDIT NOTE', note.number, order.invoiceNumber!, '2,541.53', '228.74', '228.73', 'Rupees Two Thousand Nine Hundred Ninety-Nine Only']) {
      expect(text).toContain(expected);
    }
    expect((await get(`/api/orders/${order.orderNumber}/credit-notes/DPCN-2627-999999.pdf`, customer.token)).statusCode).toBe(404);
  });

  it('a demo shop without a GSTIN issues receipts that name no GSTIN', async () => {
    const demo = await startTestShop({ env: { PAYMENT_SANDBOX_SECRET: 'sandbox-secret-for-tests-only' } });
    try {
      const buyer = await registerCustomer(demo);
      const [row] = await demo.database.db.select().from(products).where(eq(products.slug, 'valor'));
      const order = await placeOrder(demo, buyer.token, [{ productId: row!.id, size: '15ml', quantity: 1 }], BENGALURU);
      const response = await demo.app.inject({ method: 'GET', url: `/api/orders/${order.orderNumber}/invoice.pdf`, headers: { authorization: `Bearer ${buyer.token}` } });
      const text = pdfText(response.rawPayload);
      expect(text).toContain('RECEIPT');
      expect(text).not.toContain('TAX INVOICE');
      expect(text).not.toContain('GSTIN');
    } finally {
      await demo.close();
    }
  });
});

describe('the monthly GST report', () => {
  const sumPaise = (values: number[]) => values.reduce((sum, value) => sum + Math.round(value * 100), 0);

  it('adds up exactly the month’s stored invoices less its credit notes, by place of supply and rate and by HSN', async () => {
    const response = await call(shop, 'GET', '/api/admin/reports/gst?month=2026-11', { token: adminToken });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const report = response.body as unknown as GstReportResponse;
    const lines = await shop.database.db.select({ item: orderItems, invoiceNumber: orders.invoiceNumber, invoiceDate: orders.invoiceDate }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId));
    const november = lines.filter((line) => line.invoiceNumber && line.invoiceDate! >= new Date('2026-11-01T00:00:00+05:30') && line.invoiceDate! < new Date('2026-12-01T00:00:00+05:30'));
    const notes = await shop.database.db.select().from(creditNotes);
    const expected = (pick: (figures: { taxablePaise: number | null; cgstPaise: number | null; sgstPaise: number | null; igstPaise: number | null }) => number | null) =>
      november.reduce((sum, line) => sum + (pick(line.item) ?? 0), 0) - notes.reduce((sum, note) => sum + (pick(note) ?? 0), 0);
    for (const [key, pick] of [
      ['taxableValue', (f: { taxablePaise: number | null }) => f.taxablePaise],
      ['cgst', (f: { cgstPaise: number | null }) => f.cgstPaise],
      ['sgst', (f: { sgstPaise: number | null }) => f.sgstPaise],
      ['igst', (f: { igstPaise: number | null }) => f.igstPaise],
    ] as const) {
      const want = expected(pick as never);
      expect(sumPaise(report.b2c.map((row) => row[key])), `b2c ${key}`).toBe(want);
      expect(sumPaise(report.hsn.map((row) => row[key])), `hsn ${key}`).toBe(want);
      expect(Math.round(report.totals[key] * 100), `totals ${key}`).toBe(want);
    }
    expect(report.b2c.map((row) => `${row.state} ${row.rate}`)).toEqual(expect.arrayContaining(['Karnataka 18', 'Maharashtra 18', 'Maharashtra 12']));
    expect(report.b2c.find((row) => row.state === 'Karnataka')).toMatchObject({ stateCode: '29', igst: 0 });
    expect(report.b2c.find((row) => row.state === 'Maharashtra' && row.rate === 18)).toMatchObject({ stateCode: '27', cgst: 0, sgst: 0 });
    expect(report.hsn.map((row) => `${row.hsnCode} ${row.rate}`)).toEqual(expect.arrayContaining(['3303 18', '33030010 12']));
    const numbers = [...new Set(november.map((line) => line.invoiceNumber!))].sort();
    expect(report.invoices).toEqual({ first: numbers[0], last: numbers.at(-1), count: numbers.length });
    expect(report.creditNotes.map((note) => note.number).sort()).toEqual(notes.map((note) => note.number).sort());
    // April 2027's two invoices are not November's.
    const april = (await call(shop, 'GET', '/api/admin/reports/gst?month=2027-04', { token: adminToken })).body as unknown as GstReportResponse;
    expect(april.invoices).toEqual({ first: 'DP/2728/000001', last: 'DP/2728/000002', count: 2 });
  });

  it('exports the month as the GSTR-1 offline tool’s files: its headers to the character, its formats, the stored figures to the paisa', async () => {
    const file = async (part: string) => {
      const response = await shop.app.inject({ method: 'GET', url: `/api/admin/reports/gst/${part}.csv?month=2026-11`, headers: { authorization: `Bearer ${adminToken}` } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="gstr1-${part}-2026-11.csv"`);
      const [header, ...rows] = response.body.split('\r\n').filter(Boolean);
      return { header, rows: rows.map((row) => row.split(',')) };
    };
    // The offline tool's CSV templates (GSTR-1, with the HSN summary in B2B and B2C tables).
    const templates = {
      b2b: 'GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply,Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount',
      b2cl: 'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      b2cs: 'Type,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      cdnr: 'GSTIN/UIN of Recipient,Receiver Name,Note Number,Note Date,Note Type,Place Of Supply,Reverse Charge,Note Supply Type,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
      cdnur: 'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
      'hsn-b2b': 'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      'hsn-b2c': 'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      docs: 'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
    };
    const files = Object.fromEntries(await Promise.all(Object.keys(templates).map(async (part) => [part, await file(part)] as const)));
    for (const [part, header] of Object.entries(templates)) expect(files[part]!.header, part).toBe(header);

    const paise = (value: string) => Math.round(Number(value) * 100);
    const sum = (rows: string[][], column: number) => rows.reduce((total, row) => total + paise(row[column]!), 0);
    const lines = await shop.database.db.select({ item: orderItems, invoiceNumber: orders.invoiceNumber, invoiceDate: orders.invoiceDate }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId));
    const november = lines.filter((line) => line.invoiceNumber && line.invoiceDate! >= new Date('2026-11-01T00:00:00+05:30') && line.invoiceDate! < new Date('2026-12-01T00:00:00+05:30'));
    const notes = await shop.database.db.select().from(creditNotes);
    const taxable = november.reduce((total, line) => total + line.item.taxablePaise!, 0) - notes.reduce((total, note) => total + note.taxablePaise, 0);
    // Every rupee of taxable value is in exactly one of the supply tables, net of the credit notes, and the HSN
    // tables add up to the same.
    expect(sum(files.b2cs!.rows, 4) + sum(files.b2cl!.rows, 6) + sum(files.b2b!.rows, 11) - sum(files.cdnr!.rows, 11) - sum(files.cdnur!.rows, 8)).toBe(taxable);
    expect(sum(files['hsn-b2c']!.rows, 6) + sum(files['hsn-b2b']!.rows, 6)).toBe(taxable);
    const units = november.reduce((total, line) => total + line.item.quantity, 0) - notes.flatMap((note) => note.lines).reduce((total, line) => total + (line.quantity ?? 0), 0);
    expect([...files['hsn-b2c']!.rows, ...files['hsn-b2b']!.rows].reduce((total, row) => total + Number(row[3]), 0)).toBe(units);
    // The tool's formats: places of supply from its list, its unit codes, rates in percent.
    expect(files.b2cs!.rows.map((row) => row.slice(0, 3).join(','))).toEqual(expect.arrayContaining(['OE,29-Karnataka,18', 'OE,27-Maharashtra,18', 'OE,27-Maharashtra,12']));
    expect(new Set(files['hsn-b2c']!.rows.map((row) => row[2]))).toEqual(new Set(['NOS-NUMBERS']));
    const numbers = [...new Set(november.map((line) => line.invoiceNumber!))].sort();
    expect(files.docs!.rows[0]).toEqual(['Invoices for outward supply', numbers[0], numbers.at(-1), String(numbers.length), '0']);
    expect(files.docs!.rows[1]![0]).toBe('Credit Note');
    const register = await file('credit-notes');
    expect(register.rows.map((row) => row[0]).sort()).toEqual(notes.map((note) => note.number).sort());
  });

  it('refuses a month it cannot read, naming it, and answers only admins', async () => {
    const bad = await call(shop, 'GET', '/api/admin/reports/gst?month=2026-13', { token: adminToken });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'month', message: 'month must be a month as YYYY-MM, such as 2026-11' }]);
    expect((await call(shop, 'GET', '/api/admin/reports/gst?month=2026-11', { token: customer.token })).status).toBe(403);
  });
});
