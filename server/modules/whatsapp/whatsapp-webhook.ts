import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { nextDay } from '../../../domain/delivery-promise.ts';
import { isStopRequest } from '../../../domain/message-channels.ts';
import { canonicalMobile } from '../../../domain/phone.ts';
import { Refusal } from '../../../domain/refusal.ts';
import { formatShopDate, SHOP_TIME_ZONE } from '../../../domain/shop-clock.ts';
import type { Database } from '../../db/client.ts';
import { orders, shipments, whatsappInbound, whatsappMessages } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { CodService } from '../cash-on-delivery/cod-service.ts';
import type { OrderRow } from '../orders/order-dto.ts';
import type { ShipmentService } from '../shipments/shipment-service.ts';
import { stopNumber } from './whatsapp-consent.ts';
import type { WhatsAppChannel } from './whatsapp-channel.ts';

/** A webhook request the shop refuses: 401 for a bad signature, 403 for a wrong verify token. */
export class WebhookRefused extends Error {
  constructor(
    readonly statusCode: 401 | 403,
    message: string,
  ) {
    super(message);
  }
}

export type IgnoredReason = 'malformed' | 'unknown-message' | 'unknown-button' | 'duplicate' | 'unhandled-message';

// Meta's webhook body (https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks): entry[].changes[].value
// with `statuses` (what became of a message the shop sent) and `messages` (what a customer sent). Read leniently:
// Meta adds fields, and one part the shop cannot read must not lose the rest.
const statusSchema = z.object({
  id: z.string(),
  status: z.string(),
  timestamp: z.string().optional(),
  recipient_id: z.string().optional(),
  biz_opaque_callback_data: z.string().optional(),
  errors: z.array(z.object({ code: z.number().optional(), title: z.string().optional(), message: z.string().optional() })).optional(),
});
const messageSchema = z.object({
  id: z.string(),
  from: z.string(),
  type: z.string(),
  timestamp: z.string().optional(),
  text: z.object({ body: z.string() }).optional(),
  button: z.object({ payload: z.string().optional(), text: z.string().optional() }).optional(),
  interactive: z.object({ button_reply: z.object({ id: z.string() }).optional() }).optional(),
  context: z.object({ id: z.string().optional() }).optional(),
});
const bodySchema = z.object({
  object: z.string(),
  entry: z.array(z.object({ changes: z.array(z.object({ field: z.string().optional(), value: z.record(z.string(), z.unknown()) })) })),
});

const STATUS_ORDER = { sent: 1, delivered: 2, read: 3 } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Meta's webhook for the shop's WhatsApp number: the subscription handshake, message statuses (sent, delivered,
 * read, failed) onto the outbox rows, and what customers send: a COD order confirmed or cancelled by its buttons,
 * a failed delivery's re-attempt or address, STOP. Meta retries anything but a 2xx for days, so a body the shop
 * cannot use is answered 200 and counted (onIgnored) instead. A message Meta delivers twice acts once: its id is
 * kept (whatsapp_inbound) in the transaction of what it did.
 */
export class WhatsAppWebhook {
  onIgnored: (reason: IgnoredReason, detail: string) => void = () => {};

  constructor(
    private readonly db: Database,
    private readonly channel: WhatsAppChannel,
    private readonly cod: Pick<CodService, 'confirmLocked' | 'declineLocked'>,
    private readonly shipping: Pick<ShipmentService, 'decideNdr'>,
    private readonly secrets: { appSecret: string; verifyToken: string },
    private readonly clock: () => Date,
  ) {}

  /** The subscription handshake: Meta's challenge echoed back when the verify token is the shop's. */
  handshake(query: { 'hub.mode'?: string; 'hub.verify_token'?: string; 'hub.challenge'?: string }): string {
    if (query['hub.mode'] !== 'subscribe' || !query['hub.verify_token'] || !sameText(query['hub.verify_token'], this.secrets.verifyToken)) {
      throw new WebhookRefused(403, 'The verify token is not this shop’s');
    }
    return query['hub.challenge'] ?? '';
  }

  async receive(raw: Buffer, signature: string | undefined): Promise<{ statuses: number; messages: number; ignored: number }> {
    const expected = `sha256=${createHmac('sha256', this.secrets.appSecret).update(raw).digest('hex')}`;
    if (!signature || !sameText(signature, expected)) throw new WebhookRefused(401, 'Invalid webhook signature');
    const tally = { statuses: 0, messages: 0, ignored: 0 };
    let body: z.infer<typeof bodySchema>;
    try {
      body = bodySchema.parse(JSON.parse(raw.toString('utf8')));
    } catch (error) {
      this.ignore(tally, 'malformed', error instanceof Error ? error.message.slice(0, 200) : 'not JSON');
      return tally;
    }
    for (const entry of body.entry) {
      for (const change of entry.changes) {
        for (const status of listOf(change.value.statuses)) {
          const parsed = statusSchema.safeParse(status);
          if (!parsed.success) this.ignore(tally, 'malformed', 'a status without an id or status');
          else if (await this.status(parsed.data)) tally.statuses += 1;
          else this.ignore(tally, 'unknown-message', `status ${parsed.data.status} for ${parsed.data.id}`);
        }
        for (const message of listOf(change.value.messages)) {
          const parsed = messageSchema.safeParse(message);
          if (!parsed.success) this.ignore(tally, 'malformed', 'a message without an id, sender or type');
          else {
            const outcome = await this.message(parsed.data);
            if (outcome === 'done') tally.messages += 1;
            else this.ignore(tally, outcome, `${parsed.data.type} message ${parsed.data.id}`);
          }
        }
      }
    }
    return tally;
  }

  private ignore(tally: { ignored: number }, reason: IgnoredReason, detail: string): void {
    tally.ignored += 1;
    this.onIgnored(reason, detail);
  }

  /** Moves an outbox row forward only (a 'delivered' arriving after 'read' changes nothing). */
  private async status(status: z.infer<typeof statusSchema>): Promise<boolean> {
    const byReference = status.biz_opaque_callback_data && UUID.test(status.biz_opaque_callback_data) ? eq(whatsappMessages.id, status.biz_opaque_callback_data) : undefined;
    const [row] = await this.db
      .select({ id: whatsappMessages.id, status: whatsappMessages.status })
      .from(whatsappMessages)
      .where(byReference ?? eq(whatsappMessages.providerMessageId, status.id));
    if (!row) return false;
    const at = status.timestamp && /^\d+$/.test(status.timestamp) ? new Date(Number(status.timestamp) * 1000) : this.clock();
    if (status.status in STATUS_ORDER && (row.status === 'failed' || row.status === 'sending' || row.status === 'unconfirmed')) {
      // Meta has the message, though the shop never heard its answer (a timeout, a process that died): recorded
      // now, the re-check waiting for it finds nothing to send, so the customer does not get it twice.
      const reached = status.status as keyof typeof STATUS_ORDER;
      await this.db
        .update(whatsappMessages)
        .set({
          status: reached,
          providerMessageId: sql`coalesce(${whatsappMessages.providerMessageId}, ${status.id})`,
          sentAt: sql`coalesce(${whatsappMessages.sentAt}, ${at})`,
          ...(reached !== 'sent' ? { deliveredAt: at } : {}),
          ...(reached === 'read' ? { readAt: at } : {}),
          lastError: null,
          failureKind: null,
          leaseUntil: null,
          updatedAt: sql`now()`,
        })
        .where(and(eq(whatsappMessages.id, row.id), inArray(whatsappMessages.status, ['failed', 'sending', 'unconfirmed'])));
      return true;
    }
    if (status.status === 'delivered') {
      await this.db
        .update(whatsappMessages)
        .set({ deliveredAt: sql`coalesce(${whatsappMessages.deliveredAt}, ${at})`, status: sql`case when ${whatsappMessages.status} = 'sent' then 'delivered' else ${whatsappMessages.status} end`, updatedAt: sql`now()` })
        .where(eq(whatsappMessages.id, row.id));
    } else if (status.status === 'read') {
      await this.db
        .update(whatsappMessages)
        .set({
          readAt: sql`coalesce(${whatsappMessages.readAt}, ${at})`,
          deliveredAt: sql`coalesce(${whatsappMessages.deliveredAt}, ${at})`,
          status: sql`case when ${whatsappMessages.status} in ('sent', 'delivered') then 'read' else ${whatsappMessages.status} end`,
          updatedAt: sql`now()`,
        })
        .where(eq(whatsappMessages.id, row.id));
    } else if (status.status === 'failed') {
      const error = status.errors?.[0];
      const said = `Meta reported it failed${error ? `: ${error.code ?? ''} ${error.title ?? error.message ?? ''}`.trimEnd() : ''}`;
      await this.db
        .update(whatsappMessages)
        .set({ status: 'undelivered', lastError: said.slice(0, 1000), updatedAt: sql`now()` })
        .where(and(eq(whatsappMessages.id, row.id), inArray(whatsappMessages.status, ['sent', 'delivered', 'unconfirmed'])));
    }
    // 'sent' adds nothing to what the sender recorded when Meta accepted the message.
    return status.status in STATUS_ORDER || status.status === 'failed';
  }

  private async message(message: z.infer<typeof messageSchema>): Promise<'done' | IgnoredReason> {
    const from = canonicalMobile(message.from);
    const payload = message.button?.payload ?? message.interactive?.button_reply?.id;
    if (payload) return this.button(message.id, from, payload);
    if (message.type === 'text' && message.text && isStopRequest(message.text.body) && from) {
      return this.once(message.id, from, 'stop', async (tx) => {
        const stopped = await stopNumber(tx, from, this.clock());
        // Said once, so the customer knows it worked and how to undo it.
        if (stopped > 0) await this.channel.outbox.enqueue(tx, { template: 'updates_stopped', to: from, variables: {}, dedupeKey: `whatsapp:reply:${message.id}` });
        return stopped > 0 ? `opted out ${stopped} account(s)` : 'no opted-in account has this number';
      });
    }
    return 'unhandled-message';
  }

  /** A quick-reply button: its payload is `<action>:<outbox row id>`, and only that row's recipient may press it. */
  private async button(id: string, from: string | null, payload: string): Promise<'done' | IgnoredReason> {
    const [action, reference] = payload.split(':');
    if (!from || !reference || !UUID.test(reference)) return 'unknown-button';
    const [sent] = await this.db.select().from(whatsappMessages).where(eq(whatsappMessages.id, reference));
    if (!sent || sent.toNumber !== from || !sent.orderId) return 'unknown-button';
    const orderId = sent.orderId;
    const reply = (tx: Transaction, template: string, variables: Record<string, string>) =>
      this.channel.outbox.enqueue(tx, { template, to: from, variables, dedupeKey: `whatsapp:reply:${id}`, orderId, ...(sent.userId ? { userId: sent.userId } : {}) });
    switch (action) {
      case 'cod-confirm':
        return this.once(id, from, action, async (tx) => {
          const order = await lockOrder(tx, orderId);
          try {
            const done = await this.cod.confirmLocked(tx, order, 'whatsapp');
            // A first confirmation is answered by the lifecycle's own 'confirmed' message; a later press politely.
            if (done.outcome === 'already') await reply(tx, 'cod_already_confirmed', { orderNumber: order.orderNumber, confirmedAt: formatShopDate(done.at, 'dateTime') });
            return done.outcome;
          } catch (error) {
            if (!(error instanceof Refusal)) throw error;
            await reply(tx, 'order_not_changed', { orderNumber: order.orderNumber, reason: order.status === 'cancelled' ? 'it was already cancelled' : 'the time to confirm it ran out' });
            return `refused: ${error.message}`;
          }
        });
      case 'cod-cancel':
        return this.once(id, from, action, async (tx) => {
          const order = await lockOrder(tx, orderId);
          try {
            await this.cod.declineLocked(tx, order, 'Cancelled by the customer with the WhatsApp button');
            return 'cancelled';
          } catch (error) {
            if (!(error instanceof Refusal)) throw error;
            const reason = order.status === 'cancelled' ? 'it was already cancelled' : 'it was already confirmed, so please write to us to cancel it';
            await reply(tx, 'order_not_changed', { orderNumber: order.orderNumber, reason });
            return `refused: ${error.message}`;
          }
        });
      case 'ndr-reattempt':
        return this.reattempt(id, from, orderId, sent.userId);
      case 'ndr-address':
        return this.once(id, from, action, async (tx) => {
          const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
          if (!order) return 'order gone';
          await reply(tx, 'delivery_address_link', { orderNumber: order.orderNumber, url: this.channel.deliveryPageOf(order) });
          return 'sent the delivery page';
        });
      default:
        return 'unknown-button';
    }
  }

  /**
   * 'Deliver tomorrow': the same decision the order page's form sends (ShipmentService.decideNdr), for the order's
   * parcel waiting on a failed delivery. The press is kept first, in its own transaction (the decision has its
   * own); if the decision fails for a reason other than a refusal, the press is forgotten so Meta's retry acts.
   */
  private async reattempt(id: string, from: string, orderId: string, userId: string | null): Promise<'done' | 'duplicate'> {
    const claimed = await this.db.insert(whatsappInbound).values({ providerMessageId: id, fromNumber: from, kind: 'ndr-reattempt', outcome: 'received' }).onConflictDoNothing().returning();
    if (claimed.length === 0) return 'duplicate';
    const [order] = await this.db.select().from(orders).where(eq(orders.id, orderId));
    const [waiting] = await this.db
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), eq(shipments.status, 'undelivered')))
      .orderBy(desc(shipments.updatedAt));
    let outcome: string;
    if (!order || !waiting) outcome = 'no parcel waits on a failed delivery';
    else {
      const tomorrow = nextDay(shopDay(this.clock()));
      try {
        await this.shipping.decideNdr({ actor: { id: order.userId, name: order.customerName }, customer: { userId: userId ?? order.userId, orderRef: order.id } }, waiting.id, { action: 're-attempt', preferredDate: tomorrow });
        outcome = `re-attempt on ${tomorrow}`;
        await this.db.transaction((tx) =>
          this.channel.outbox.enqueue(tx, {
            template: 'delivery_reattempt_booked',
            to: from,
            variables: { courierName: waiting.courierName ?? 'the courier', orderNumber: order.orderNumber, date: formatShopDate(`${tomorrow}T12:00:00+05:30`) },
            dedupeKey: `whatsapp:reply:${id}`,
            orderId,
            userId: order.userId,
          }),
        );
      } catch (error) {
        if (!(error instanceof Refusal)) {
          await this.db.delete(whatsappInbound).where(eq(whatsappInbound.providerMessageId, id));
          throw error;
        }
        outcome = `refused: ${error.message}`;
      }
    }
    await this.db.update(whatsappInbound).set({ outcome: outcome.slice(0, 300) }).where(eq(whatsappInbound.providerMessageId, id));
    return 'done';
  }

  /** Runs `act` once per message id, in one transaction with the record of the message. */
  private async once(id: string, from: string, kind: string, act: (tx: Transaction) => Promise<string>): Promise<'done' | 'duplicate'> {
    return this.db.transaction(async (tx) => {
      const [claimed] = await tx.insert(whatsappInbound).values({ providerMessageId: id, fromNumber: from, kind, outcome: 'received' }).onConflictDoNothing().returning();
      if (!claimed) return 'duplicate';
      const outcome = await act(tx);
      await tx.update(whatsappInbound).set({ outcome: outcome.slice(0, 300) }).where(eq(whatsappInbound.providerMessageId, id));
      return 'done';
    });
  }
}

async function lockOrder(tx: Transaction, orderId: string): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) throw new Error(`Order ${orderId} of a WhatsApp message is gone`);
  return order;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Today's date in India, YYYY-MM-DD. */
function shopDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
