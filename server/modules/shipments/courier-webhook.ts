import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { HttpError } from '../../http/errors.ts';
import { shipmentStatusOfCode, shiprocketTime } from '../../couriers/shiprocket-statuses.ts';
import type { TrackingEvent } from '../../couriers/shipping-provider.ts';
import type { TrackingBatches } from './tracking-batches.ts';

/** The fields of Shiprocket's tracking webhook the shop acts on (its documentation's sample payload); the rest is ignored. */
const payloadSchema = z.object({
  awb: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^[A-Za-z0-9-]{4,40}$/)),
  current_status: z.string().max(200).optional(),
  current_status_id: z.number().int().optional(),
  shipment_status_id: z.number().int().optional(),
  current_timestamp: z.string().max(40),
  scans: z.array(z.object({ date: z.string().max(40), activity: z.string().max(500).optional(), location: z.string().max(200).optional() })).max(500).optional(),
});

export type CourierWebhookOutcome = 'processed' | 'duplicate' | 'ignored';
export type IgnoredReason = 'malformed' | 'unknown-awb' | 'unknown-status';

/** Compares two secrets in time independent of where they differ (and of their lengths, through their digests). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Shiprocket's tracking webhook: one POST per new scan, carrying the security token typed in its panel as
 * `x-api-key`. Shiprocket retries anything but a 200, so an event the shop cannot use (malformed, an AWB it does
 * not know, a status code it has no word for) is answered 200 and ignored, with a log line and a metric.
 */
export class CourierWebhook {
  constructor(
    private readonly batches: TrackingBatches,
    private readonly token: string | undefined,
  ) {}

  /** Told of every event ignored (the server logs it and counts it in a metric). */
  onIgnored: (reason: IgnoredReason, detail: string) => void = () => {};

  async receive(apiKey: string | undefined, body: unknown): Promise<CourierWebhookOutcome> {
    if (!this.token) throw new HttpError(503, 'The courier webhook is not configured (SHIPROCKET_WEBHOOK_TOKEN)');
    if (!apiKey || !sameSecret(apiKey, this.token)) throw new HttpError(401, 'The x-api-key header does not match the webhook token');
    const parsed = payloadSchema.safeParse(body);
    if (!parsed.success) return this.ignore('malformed', parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
    const payload = parsed.data;
    const code = payload.current_status_id ?? payload.shipment_status_id;
    const at = shiprocketTime(payload.current_timestamp);
    if (code === undefined || !at) return this.ignore('malformed', `AWB ${payload.awb}: no status code or time`);
    const status = shipmentStatusOfCode(code);
    if (status === undefined) return this.ignore('unknown-status', `AWB ${payload.awb}: status code ${code}`);
    // The latest scan carries the courier's words (an NDR's reason: 'Consignee unavailable').
    const latest = payload.scans?.at(-1);
    const report: TrackingEvent = { status, courierStatus: String(code), activity: latest?.activity ?? payload.current_status ?? '', location: latest?.location ?? '', at };
    // Answered once the report is applied and committed, with the others that came meanwhile (docs/decisions/0081).
    const outcome = await this.batches.apply(payload.awb, report);
    return outcome === 'unknown-awb' ? this.ignore('unknown-awb', `AWB ${payload.awb}`) : outcome;
  }

  private ignore(reason: IgnoredReason, detail: string): CourierWebhookOutcome {
    this.onIgnored(reason, detail);
    return 'ignored';
  }
}
