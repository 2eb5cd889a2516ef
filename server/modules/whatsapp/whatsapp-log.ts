import { eq, sql } from 'drizzle-orm';
import type { WhatsAppListResponse, WhatsAppSummary, WhatsAppTemplatesResponse } from '../../../contracts/whatsapp.ts';
import { displayMobile } from '../../../domain/phone.ts';
import type { Database } from '../../db/client.ts';
import { orders, whatsappMessages } from '../../db/schema/index.ts';
import { newestFirst } from '../outbox/message-outbox.ts';
import { renderTemplate, WHATSAPP_TEMPLATES, whatsappTemplate } from './templates/index.ts';

export type ChannelHealth = 'off' | 'healthy' | 'unhealthy';

/**
 * Whether the channel works, read from the outbox so every process answers the same: unhealthy when the latest
 * attempt Meta refused for its access token (expired or revoked) is newer than the latest message it accepted.
 */
export async function whatsappHealth(db: Database, enabled: boolean): Promise<ChannelHealth> {
  if (!enabled) return 'off';
  const [row] = await db
    .select({
      refused: sql<string | null>`max(${whatsappMessages.updatedAt}) filter (where ${whatsappMessages.failureKind} = 'auth')`,
      accepted: sql<string | null>`max(${whatsappMessages.sentAt})`,
    })
    .from(whatsappMessages);
  if (!row?.refused) return 'healthy';
  return row.accepted && new Date(row.accepted) >= new Date(row.refused) ? 'healthy' : 'unhealthy';
}

/** The back office's list of every WhatsApp message, newest first, and the templates' previews. */
export class WhatsAppLog {
  constructor(
    private readonly db: Database,
    private readonly enabled: boolean,
  ) {}

  async list(query: { page: number; limit: number }): Promise<Omit<WhatsAppListResponse, 'success'>> {
    const [{ rows, pagination }, health] = await Promise.all([
      // Each message with the number of the order it is about, for the log's link.
      newestFirst(this.db, whatsappMessages, query, (page) =>
        this.db
          .select({ message: whatsappMessages, orderNumber: orders.orderNumber })
          .from(whatsappMessages)
          .leftJoin(orders, eq(orders.id, whatsappMessages.orderId))
          .orderBy(...page.order)
          .limit(page.limit)
          .offset(page.offset),
      ),
      whatsappHealth(this.db, this.enabled),
    ]);
    return { enabled: this.enabled, health, messages: rows.map(({ message, orderNumber }) => summaryOf(message, orderNumber)), pagination };
  }

  templates(): WhatsAppTemplatesResponse {
    return {
      success: true,
      templates: Object.values(WHATSAPP_TEMPLATES).map((template) => ({
        name: template.name,
        language: template.language,
        category: template.category,
        approvedText: template.approvedText,
        variables: [...template.variables],
        buttons: template.buttons.map((button) => button.text),
        preview: renderTemplate(template, template.sample),
      })),
    };
  }
}

function summaryOf(row: typeof whatsappMessages.$inferSelect, orderNumber: string | null): WhatsAppSummary {
  return {
    id: row.id,
    to: displayMobile(row.toNumber),
    template: row.template,
    body: row.body,
    buttons: whatsappTemplate(row.template)?.buttons.map((button) => button.text) ?? [],
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    providerMessageId: row.providerMessageId,
    orderNumber,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    readAt: row.readAt?.toISOString() ?? null,
  };
}
