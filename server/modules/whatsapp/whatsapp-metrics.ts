import { Counter, Gauge, type Registry } from 'prom-client';
import type { ChannelHealth } from './whatsapp-log.ts';

/**
 * WhatsApp's figures on /metrics: webhook events answered 200 but not used, by reason, and whether the channel
 * works (1 healthy, 0 unhealthy: Meta refuses the access token; absent while the channel is off).
 */
export function registerWhatsAppMetrics(registry: Registry, health: (() => Promise<ChannelHealth>) | null): { webhookIgnored: Counter<'reason'> } {
  const webhookIgnored = new Counter<'reason'>({
    name: 'whatsapp_webhook_ignored_total',
    help: 'WhatsApp webhook events answered 200 but not used: malformed, an unknown message id or button, a repeated delivery, a message the shop has no use for',
    labelNames: ['reason'],
    registers: [registry],
  });
  if (!health) return { webhookIgnored };
  new Gauge({
    name: 'whatsapp_channel_healthy',
    help: 'Whether WhatsApp messages can be sent: 1, or 0 while Meta refuses the access token (absent when WhatsApp is off)',
    registers: [registry],
    async collect() {
      const state = await health().catch((): ChannelHealth => 'unhealthy');
      this.set(state === 'healthy' ? 1 : 0);
    },
  });
  return { webhookIgnored };
}
