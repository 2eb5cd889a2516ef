import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client.ts';

/** How long the shop-wide figures read from the database are reused between scrapes. */
export const SHOP_FIGURES_MAX_AGE_MS = 15_000;

/** One process's figures; `GET /metrics` serves them in Prometheus's text format. */
export class ShopMetrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly latency: Histogram<'method' | 'route' | 'status'>;
  readonly pageCache: Counter<'page' | 'outcome'>;
  readonly courierWebhookIgnored: Counter<'reason'>;

  constructor() {
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by route and status', labelNames: ['method', 'route', 'status'], registers: [this.registry] });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to the end of the response, by route and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    this.courierWebhookIgnored = new Counter({
      name: 'courier_webhook_ignored_total',
      help: "Courier tracking events answered 200 but not used: malformed, an AWB the shop does not know, or a status code it has no word for",
      labelNames: ['reason'],
      registers: [this.registry],
    });
    this.pageCache = new Counter({ name: 'page_cache_requests_total', help: 'Storefront pages asked of the page cache: hit, miss (rendered) or bypass (signed in, not cacheable)', labelNames: ['page', 'outcome'], registers: [this.registry] });
  }

  /**
   * Figures read when scraped: the database pool, open live streams, job queue and shop outcomes (shop-wide).
   * The shop-wide figures cost four grouping queries, so they are read at most once per `shopFiguresMaxAgeMs`
   * (15 s): every process of every shop is scraped, often by more than one Prometheus, and counts a few seconds
   * old serve a dashboard as well as fresh ones.
   */
  watch(sources: {
    database: Pick<DatabaseHandle, 'poolStats' | 'executeSql'>;
    openStreams: () => number;
    /** When the newest backup (in BACKUP_DIR or the bucket) was taken, if there is one. */
    lastBackupAt?: () => Promise<Date | undefined>;
    shopFiguresMaxAgeMs?: number;
    now?: () => number;
  }): void {
    const { database, shopFiguresMaxAgeMs = SHOP_FIGURES_MAX_AGE_MS, now = Date.now } = sources;
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections of this process: total, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const stats = database.poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
    new Gauge({
      name: 'shop_last_backup_age_seconds',
      help: 'Seconds since the newest database backup in BACKUP_DIR or the S3 bucket was taken (absent while there is none or the bucket does not answer)',
      registers: [this.registry],
      async collect() {
        // A bucket that does not answer leaves the figure out (an alert on its absence fires) rather than the page.
        const takenAt = await sources.lastBackupAt?.().catch(() => undefined);
        if (takenAt) this.set(Math.round((now() - takenAt.getTime()) / 1000));
      },
    });
    new Gauge({
      name: 'sse_connections',
      help: 'Live notification streams open in this process',
      registers: [this.registry],
      collect() {
        this.set(sources.openStreams());
      },
    });
    // Read from the database, so every process reports the same shop-wide figures. Scrapes within the age share
    // one reading (and one that is still running); a failed reading is not kept, the next scrape tries again.
    const fromDatabase = (name: string, help: string, labelNames: string[], query: string) => {
      let reading: { at: number; rows: Promise<Record<string, unknown>[]> } | undefined;
      const read = () => {
        if (!reading || now() - reading.at >= shopFiguresMaxAgeMs) {
          const current = {
            at: now(),
            rows: database.executeSql(query).then(
              ({ rows }) => rows,
              () => {
                if (reading === current) reading = undefined;
                return [] as Record<string, unknown>[];
              },
            ),
          };
          reading = current;
        }
        return reading.rows;
      };
      return new Gauge({
        name,
        help,
        labelNames,
        registers: [this.registry],
        async collect() {
          const rows = await read();
          this.reset();
          for (const row of rows) this.set(Object.fromEntries(labelNames.map((label) => [label, String(row[label])])), Number(row.count));
        },
      });
    };
    fromDatabase('job_queue_jobs', 'Jobs in the queue by queue and state (created, retry, active, completed, failed, cancelled)', ['queue', 'state'], 'select name as queue, state, count(*)::int as count from pgboss.job group by name, state');
    fromDatabase('shop_orders', 'Orders by status and payment status', ['status', 'payment_status'], 'select status, payment_status, count(*)::int as count from orders group by status, payment_status');
    // Forms that e-mail an address the visitor typed are capped per mailbox and day (recipient-allowance.ts): a
    // rising count is someone using the shop to mail strangers, or a shopper locked out of their own mail.
    fromDatabase(
      'shop_emails_withheld',
      "E-mails not sent because the address a visitor typed had had its day's share, by template",
      ['template'],
      "select template, count(*)::int as count from email_messages where status = 'withheld' group by template",
    );
    // A cash-on-delivery checkout never meets a payment provider, so its own status stays 'awaiting_payment'; its
    // outcome is its order's: the cash still to come, collected, or never collected (cancelled, unconfirmed, RTO).
    fromDatabase(
      'shop_payments',
      'Checkouts by payment outcome: paid online (awaiting_payment, paid, failed) or cash on delivery (cod_pending, cod_collected, cod_not_collected)',
      ['outcome'],
      `select outcome, count(*)::int as count from (
         select status as outcome from checkouts where provider <> 'cod'
         union all
         select case
                  when orders.payment_status = 'not_collected' then 'cod_not_collected'
                  when orders.cod_collected_at is not null then 'cod_collected'
                  else 'cod_pending'
                end
         from checkouts join orders on orders.checkout_id = checkouts.id
         where checkouts.provider = 'cod'
       ) as outcomes group by outcome`,
    );
  }
}

/**
 * The route a request matched, as a bounded label whatever paths scanners and crawlers try: the API's route
 * pattern, a storefront page's route pattern (`/products/:idOrSlug`), 'static' for the build's files, or
 * 'unmatched' for everything else (an unknown API path, a page only the not-found route matches).
 */
export function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (!pattern || pattern.endsWith('*')) return request.pageRoute ?? 'unmatched';
  return pattern;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Counts every answered request and serves `GET /metrics`, behind `Authorization: Bearer METRICS_TOKEN` when set. */
export function registerMetrics(app: FastifyInstance, metrics: ShopMetrics, token: string | undefined): void {
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: routeLabel(request), status: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.latency.observe(labels, reply.elapsedTime / 1000);
  });
  app.get('/metrics', async (request, reply) => {
    if (token && !sameSecret(request.headers.authorization ?? '', `Bearer ${token}`)) {
      return reply.status(401).header('www-authenticate', 'Bearer').send({ success: false, message: 'The metrics need the METRICS_TOKEN as a bearer token' });
    }
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  });
}
