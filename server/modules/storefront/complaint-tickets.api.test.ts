import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMessage, ContactMessagesResponse } from '../../../contracts/admin-messages.ts';
import { auditLog, contactMessages, emailMessages } from '../../db/schema/index.ts';
import { call, registerCustomer, signInAdmin } from '../../../tests/support/accounts.ts';
import { startTestShop, type TestShop } from '../../../tests/support/test-app.ts';

const NOW = new Date('2026-11-27T10:00:00Z');
let shop: TestShop;
let admin: string;

beforeAll(async () => {
  shop = await startTestShop({
    seed: false,
    clock: () => NOW,
    env: { GRIEVANCE_OFFICER_NAME: 'Farah Qureshi', GRIEVANCE_OFFICER_DESIGNATION: 'Grievance Officer', GRIEVANCE_OFFICER_EMAIL: 'farah@deosil.example', GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1111' },
  });
  admin = await signInAdmin(shop);
});
afterAll(async () => {
  await shop?.close();
});

const complaint = { name: 'Meera Iyer', email: 'Meera@example.in', subject: 'Broken bottle', message: 'My bottle of Valor arrived cracked.' };

const send = async (body = complaint) => {
  const response = await call(shop, 'POST', '/api/contact', { body });
  expect(response.status).toBe(201);
  return response.body.ticketNumber as string;
};
const status = (ticket: string, email = 'meera@example.in') => call(shop, 'GET', `/api/contact/tickets/${ticket}?email=${encodeURIComponent(email)}`);
const move = (id: number, body: Record<string, unknown>, token = admin) => call(shop, 'PATCH', `/api/admin/contact-messages/${id}`, { token, body });
const listed = async () => ((await call(shop, 'GET', '/api/admin/contact-messages', { token: admin })).body as unknown as ContactMessagesResponse).messages;

describe('a complaint ticket', () => {
  it('is numbered for its sender, in the answer and in the acknowledgement sent at once', async () => {
    const response = await call(shop, 'POST', '/api/contact', { body: complaint });
    const ticket = response.body.ticketNumber as string;
    expect(ticket).toMatch(/^DP-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(response.body.message).toContain(ticket);

    const [acknowledgement] = await shop.database.db
      .select()
      .from(emailMessages)
      .where(and(eq(emailMessages.template, 'contact-acknowledgement'), eq(emailMessages.toAddress, 'meera@example.in')));
    expect(acknowledgement!.data).toMatchObject({ ticketNumber: ticket, officer: { name: 'Farah Qureshi', designation: 'Grievance Officer', email: 'farah@deosil.example', phone: '+91 80 4000 1111' } });
    // Another message gets another number.
    expect(await send()).not.toBe(ticket);
  });

  it('moves from open to in progress to resolved, and its sender sees each step and the resolution by its number', async () => {
    const ticket = await send();
    const [row] = await shop.database.db.select().from(contactMessages).where(eq(contactMessages.ticketNumber, ticket));

    const opened = await status(ticket.toLowerCase());
    expect(opened.status).toBe(200);
    expect(opened.body.ticket).toMatchObject({ ticketNumber: ticket, subject: 'Broken bottle', status: 'open', resolutionNote: null, redressBy: expect.any(String) });

    expect((await move(row!.id, { status: 'in_progress' })).status).toBe(200);
    expect((await status(ticket)).body.ticket).toMatchObject({ status: 'in_progress' });

    const resolved = await move(row!.id, { status: 'resolved', resolutionNote: 'A new bottle left on 28 November, AWB 1234.' });
    expect(resolved.status).toBe(200);
    expect(resolved.body.contactMessage).toMatchObject({ status: 'resolved', handledAt: expect.any(String) });
    expect((await status(ticket)).body.ticket).toMatchObject({ status: 'resolved', resolutionNote: 'A new bottle left on 28 November, AWB 1234.', updatedAt: expect.any(String) });

    const audits = await shop.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'complaint.status'), eq(auditLog.targetId, String(row!.id))));
    expect(audits.map((audit) => (audit.details as { after: { status: string } }).after.status)).toEqual(['in_progress', 'resolved']);
  });

  it('is not resolved without a note saying what was done, and nothing changes', async () => {
    const ticket = await send();
    const [row] = await shop.database.db.select().from(contactMessages).where(eq(contactMessages.ticketNumber, ticket));
    const response = await move(row!.id, { status: 'resolved', resolutionNote: '  ' });
    expect(response.status).toBe(400);
    expect(response.body.errors).toEqual([{ field: 'resolutionNote', message: expect.stringContaining('resolutionNote is required') }]);
    const badStatus = await move(row!.id, { status: 'closed' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.errors).toEqual([{ field: 'status', message: 'status must be one of open, in_progress, resolved' }]);
    expect((await status(ticket)).body.ticket).toMatchObject({ status: 'open' });
  });

  it('answers 404 for an unknown number, or a known number with another address, naming the ticket number', async () => {
    const ticket = await send();
    for (const response of [await status('DP-0000-0000'), await status(ticket, 'someone-else@example.in')]) {
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ success: false, errors: [{ field: 'ticketNumber' }] });
    }
    const malformed = await status('12345');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([{ field: 'ticketNumber', message: 'ticketNumber must be a ticket number such as DP-7K3M-Q9XA' }]);
  });

  it('is moved only by the back office, and an unknown one is 404', async () => {
    const ticket = await send();
    const [row] = await shop.database.db.select().from(contactMessages).where(eq(contactMessages.ticketNumber, ticket));
    const customer = (await registerCustomer(shop)).token;
    expect((await move(row!.id, { status: 'in_progress' }, customer)).status).toBe(403);
    expect((await call(shop, 'PATCH', `/api/admin/contact-messages/${row!.id}`, { body: { status: 'in_progress' } })).status).toBe(401);
    expect((await move(999_999, { status: 'in_progress' })).status).toBe(404);
  });

  it('is flagged to the back office once unresolved past the one-month limit', async () => {
    await shop.database.db
      .insert(contactMessages)
      .values([
        { ...complaint, ticketNumber: 'DP-AAAA-0001', createdAt: new Date('2026-10-26T09:00:00Z') },
        { ...complaint, ticketNumber: 'DP-AAAA-0002', createdAt: new Date('2026-10-28T09:00:00Z') },
        { ...complaint, ticketNumber: 'DP-AAAA-0003', createdAt: new Date('2026-10-20T09:00:00Z'), status: 'resolved', resolutionNote: 'Refunded' },
      ]);
    const byTicket = new Map((await listed()).map((message: ContactMessage) => [message.ticketNumber, message]));
    expect(byTicket.get('DP-AAAA-0001')).toMatchObject({ overdue: true, redressBy: '2026-11-26T09:00:00.000Z' });
    expect(byTicket.get('DP-AAAA-0002')).toMatchObject({ overdue: false });
    expect(byTicket.get('DP-AAAA-0003')).toMatchObject({ overdue: false });
  });
});
