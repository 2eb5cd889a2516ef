import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_EMBEDDED_BUFFERS_MB, MAX_BUFFERS_MB } from './db/pglite-buffers.ts';
import { isValidEmail, normaliseEmail } from '../domain/accounts.ts';
import { DEFAULT_COD_MAX_ORDER_PAISE } from '../domain/cash-on-delivery.ts';
import { PACKING_SLIP_SIZES } from '../domain/dispatch-documents.ts';
import { DEFAULT_GIFT_WRAP_PAISE } from '../domain/gifts.ts';
import { DEFAULT_RECOVERY_SETTINGS, type RecoverySettings } from '../domain/cart-recovery.ts';
import { stateByCode, statesForPin } from '../domain/india-states.ts';
import { cinError, gstinError, gstinStateCode } from '../domain/tax-registration.ts';

/** 'shop@example.in' or 'Deosil Perfumes <shop@example.in>'. */
function isMailbox(value: string): boolean {
  const named = /^[^<>]*<([^<>]+)>$/.exec(value);
  return isValidEmail((named ? named[1]! : value).trim());
}

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** A whole number from `min` to `max`; unset or empty is `fallback`. Every failure says the same sentence. */
function wholeNumber(min: number, max: number, fallback: number, unit = '') {
  const error = `must be a whole number${unit} from ${min} to ${max}`;
  return z.preprocess(emptyToUndefined, z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback));
}

/**
 * The sentence for a check that carries none of its own ("HOST must not be empty", "LOG_LEVEL must be one of …"),
 * instead of zod's wording for developers ("Too small: expected string to have >=1 characters").
 */
const sentenceOf: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_value':
      return `must be one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return Number(issue.minimum) <= 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
    case 'too_big':
      return `must be at most ${issue.maximum} characters`;
    default:
      return 'is not valid';
  }
};

/**
 * `TRUST_PROXY` is either a hop count (`1`: one reverse proxy in front) or a comma-separated list of the proxies'
 * addresses or CIDR ranges. Only then does `X-Forwarded-For` decide the client's address.
 */
function parseTrustProxy(value: string, context: z.RefinementCtx): number | string[] {
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return hops;
  } else {
    const entries = value.split(',').map((entry) => entry.trim()).filter(Boolean);
    if (entries.length > 0 && entries.every(isAddressOrRange)) return entries;
  }
  context.addIssue({ code: 'custom', message: 'must be a hop count (1-10) or a comma-separated list of addresses or CIDR ranges' });
  return z.NEVER;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The shop's registered address as the demo shop prints it (the brand's address, app/brand.ts). */
/** An optional registration code (GSTIN, CIN), upper-cased and checked by `problemOf` (null when it is right). */
const registrationCode = (problemOf: (code: string) => string | null) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .toUpperCase()
      .superRefine((code, context) => {
        const problem = problemOf(code);
        if (problem) context.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  );

const DEFAULT_CONSUMER_CARE = 'coven@deosilperfumes.in, +91 98765 43210 (Monday to Saturday, 10 am to 7 pm IST)';
const DEFAULT_SELLER_ADDRESS = '14 Moonlight Lane, Indiranagar, Bengaluru 560038, Karnataka, India';

/** Every variable the shop reads, with its check and default. */
const variables = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: wholeNumber(1, 65535, 3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  EMBEDDED_DB_BUFFERS_MB: wholeNumber(1, MAX_BUFFERS_MB, DEFAULT_EMBEDDED_BUFFERS_MB),
  BACKUP_DIR: z.preprocess(emptyToUndefined, z.string().optional()),
  BACKUP_TIME: z.preprocess(emptyToUndefined, z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|off)$/, { error: 'must be a time of day as HH:MM (shop time), or off' }).default('03:30')),
  BACKUP_KEEP_DAILY: wholeNumber(1, 366, 14),
  BACKUP_KEEP_MONTHLY: wholeNumber(0, 120, 12),
  DATABASE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
      .optional(),
  ),
  TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().transform(parseTrustProxy).optional()),
  PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be an absolute URL' }).optional()),
  LOG_FORMAT: z.preprocess(emptyToUndefined, z.enum(['pretty', 'json'], { error: 'must be pretty or json' }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_CATALOGUE: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true').transform((v) => v === 'true'),
  SEED_DEMO_PROMOTIONS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true').transform((v) => v === 'true'),
  SHUTDOWN_GRACE_MS: wholeNumber(0, 120_000, 10_000),
  CATALOGUE_CACHE_TTL_MS: wholeNumber(0, 3_600_000, 5_000),
  PAGE_CACHE_TTL_MS: wholeNumber(0, 3_600_000, 30_000),
  PAGE_CACHE_MAX_MB: wholeNumber(1, 1024, 32),
  ADMIN_EMAIL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine(isValidEmail, { error: 'must be a plain e-mail address' })
      .transform(normaliseEmail)
      .optional(),
  ),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(10, { error: 'must be at least 10 characters' }).max(128).optional()),
  ADMIN_NAME: z.string().trim().min(1).max(100).default('Coven Keeper'),
  DEMO_MODE: z.preprocess(emptyToUndefined, z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
  PUBLIC_FORM_RATE_LIMIT: wholeNumber(1, 10_000, 10),
  TYPED_ADDRESS_MAIL_LIMIT: wholeNumber(1, 10_000, 3),
  PAYMENT_ORDER_RATE_LIMIT: wholeNumber(1, 10_000, 20),
  CHECKOUT_HOLD_MINUTES: wholeNumber(1, 1440, 15),
  RETURN_WINDOW_DAYS: wholeNumber(0, 365, 7),
  RETURN_PHOTO_DAILY_LIMIT: wholeNumber(1, 10_000, 12),
  /** Rupees, fee included: the most a courier collects in cash for one order. */
  COD_MAX_ORDER: wholeNumber(1, 1_000_000, DEFAULT_COD_MAX_ORDER_PAISE / 100, ' of rupees'),
  /** Rupees, GST included: what gift wrap costs an order; 0 wraps gifts free. */
  GIFT_WRAP_PRICE: wholeNumber(0, 10_000, DEFAULT_GIFT_WRAP_PAISE / 100, ' of rupees'),
  /** Gift cards: how long one lasts (at least a year), and the codes one account and one address may try per 10 minutes. */
  GIFT_CARD_VALIDITY_MONTHS: wholeNumber(12, 120, 12),
  GIFT_CARD_CODE_RATE_LIMIT: wholeNumber(1, 10_000, 10),
  /** Abandoned-checkout reminders (docs/decisions/0070): each on or off, and when. */
  RECOVERY_FIRST_REMINDER: z.preprocess(emptyToUndefined, z.enum(['on', 'off'], { error: 'must be on or off' }).default('on')),
  RECOVERY_FIRST_DELAY_MINUTES: wholeNumber(1, 1440, DEFAULT_RECOVERY_SETTINGS.first.delayMinutes),
  RECOVERY_SECOND_REMINDER: z.preprocess(emptyToUndefined, z.enum(['on', 'off'], { error: 'must be on or off' }).default('on')),
  RECOVERY_SECOND_DELAY_HOURS: wholeNumber(1, 168, DEFAULT_RECOVERY_SETTINGS.second.delayHours),
  RECOVERY_SECOND_PROMOTION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{3,40}$/, { error: 'must be a promotion code (letters, digits, - or _)' })
      .transform((code) => code.toUpperCase())
      .optional(),
  ),
  REGISTRATION_RATE_LIMIT: wholeNumber(1, 10_000, 5),
  COUPON_VALIDATION_RATE_LIMIT: wholeNumber(1, 10_000, 30),
  RAZORPAY_KEY_ID: z.preprocess(emptyToUndefined, z.string().regex(/^rzp_(test|live)_\w+$/, { error: 'must look like rzp_test_… or rzp_live_…' }).optional()),
  RAZORPAY_KEY_SECRET: z.preprocess(emptyToUndefined, z.string().min(8, { error: 'must be at least 8 characters' }).optional()),
  RAZORPAY_API_BASE: z.preprocess(emptyToUndefined, z.url({ error: 'must be an absolute URL' }).optional()),
  RAZORPAY_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(8, { error: 'must be at least 8 characters' }).optional()),
  SHIPROCKET_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be the e-mail address of a Shiprocket API user' }).optional()),
  SHIPROCKET_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  SHIPROCKET_PICKUP_LOCATION: z.preprocess(emptyToUndefined, z.string().trim().min(1).max(100).default('Primary')),
  SHIPROCKET_WEBHOOK_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  SHIPROCKET_API_BASE: z.preprocess(emptyToUndefined, z.url({ error: 'must be an absolute URL' }).optional()),
  SHIPROCKET_TIMEOUT_MS: wholeNumber(100, 120_000, 15_000),
  COURIER_WEBHOOK_BATCH: wholeNumber(1, 500, 50),
  SHIPPING_COURIER_CHOICE: z.enum(['cheapest', 'fastest'], { error: 'must be cheapest or fastest' }).default('cheapest'),
  PACKING_SLIP_SIZE: z.enum(PACKING_SLIP_SIZES, { error: 'must be a4 or 4x6' }).default('a4'),
  PAYMENT_SANDBOX_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  SMS_PROVIDER: z.preprocess(emptyToUndefined, z.enum(['log', 'msg91'], { error: 'must be log or msg91' }).default('log')),
  MSG91_AUTH_KEY: z.preprocess(emptyToUndefined, z.string().trim().min(10, { error: 'must be the auth key from MSG91\'s panel' }).optional()),
  MSG91_SENDER_ID: z.preprocess(emptyToUndefined, z.string().trim().regex(/^[A-Z]{6}$/, { error: 'must be the 6-letter sender id (DLT header), such as DEOSIL' }).optional()),
  MSG91_SIGN_IN_TEMPLATE_ID: z.preprocess(emptyToUndefined, z.string().trim().regex(/^[A-Za-z0-9]{6,40}$/, { error: 'must be the template id MSG91 shows for the sign-in template' }).optional()),
  MSG91_API_BASE: z.preprocess(emptyToUndefined, z.url({ error: 'must be an absolute URL' }).optional()),
  SIGN_IN_SEND_RATE_LIMIT: wholeNumber(1, 10_000, 5),
  WHATSAPP_PHONE_NUMBER_ID: z.preprocess(emptyToUndefined, z.string().trim().regex(/^\d{6,20}$/, { error: 'must be the phone number ID WhatsApp Manager shows (digits)' }).optional()),
  WHATSAPP_ACCESS_TOKEN: z.preprocess(emptyToUndefined, z.string().trim().min(20, { error: "must be the system user's access token" }).optional()),
  WHATSAPP_APP_SECRET: z.preprocess(emptyToUndefined, z.string().trim().min(16, { error: "must be the Meta app's secret (App settings → Basic)" }).optional()),
  WHATSAPP_VERIFY_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  WHATSAPP_API_BASE: z.preprocess(emptyToUndefined, z.url({ error: 'must be an absolute URL' }).default('https://graph.facebook.com/v21.0')),
  WHATSAPP_TIMEOUT_MS: wholeNumber(100, 120_000, 15_000),
  WHATSAPP_STATUS_WAIT_SECONDS: wholeNumber(1, 86_400, 300),
  SMTP_URL: z.preprocess(emptyToUndefined, z.string().regex(/^smtps?:\/\/[^/]+/, { error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().trim().refine(isMailbox, { error: 'must be an address, or a name and <address>' }).optional()),
  SHOP_INBOX_EMAIL: z.preprocess(
    emptyToUndefined,
    z.string().refine(isValidEmail, { error: 'must be a plain e-mail address' }).transform(normaliseEmail).optional(),
  ),
  S3_BUCKET: z.preprocess(emptyToUndefined, z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)' }).optional()),
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url({ error: 'must be an absolute URL' }).optional()),
  S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default('us-east-1')),
  S3_ACCESS_KEY_ID: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  S3_SECRET_ACCESS_KEY: z.preprocess(emptyToUndefined, z.string().min(1).optional()),
  S3_PREFIX: z.preprocess(emptyToUndefined, z.string().max(200).default('uploads/')),
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false'], { error: 'must be true or false' }).optional()),
  WEB_CONCURRENCY: wholeNumber(1, 64, 1),
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  FEED_TOKEN: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9_-]{16,200}$/, { error: 'must be 16-200 letters, digits, - or _' }).optional()),
  GA4_MEASUREMENT_ID: z.preprocess(emptyToUndefined, z.string().trim().regex(/^G-[A-Z0-9]{4,20}$/, { error: 'must be a GA4 measurement id such as G-ABC123XYZ9' }).optional()),
  META_PIXEL_ID: z.preprocess(emptyToUndefined, z.string().trim().regex(/^\d{5,20}$/, { error: 'must be the digits of a Meta pixel (dataset) id' }).optional()),
  GA4_API_SECRET: z.preprocess(emptyToUndefined, z.string().trim().regex(/^[\w-]{8,100}$/, { error: 'must be a Measurement Protocol API secret (letters, digits, - or _)' }).optional()),
  GA4_COLLECT_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be an absolute URL' }).default('https://www.google-analytics.com/mp/collect')),
  META_CONVERSIONS_TOKEN: z.preprocess(emptyToUndefined, z.string().trim().regex(/^[\w-]{20,500}$/, { error: 'must be a Conversions API access token' }).optional()),
  META_GRAPH_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be an absolute URL' }).default('https://graph.facebook.com/v21.0')),
  JOBS_IN_WEB: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true').transform((v) => v === 'true'),
  DATABASE_PREPARED_STATEMENTS: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true').transform((v) => v === 'true'),
  SELLER_LEGAL_NAME: z.string().trim().min(1).max(100, { error: 'must be at most 100 characters' }).default('Deosil Perfumes Private Limited'),
  SELLER_GSTIN: registrationCode(gstinError),
  SELLER_ADDRESS: z.string().trim().min(10, { error: 'must be the full address, with its PIN code' }).max(300).default(DEFAULT_SELLER_ADDRESS),
  SELLER_CIN: registrationCode(cinError),
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(2).max(100, { error: 'must be at most 100 characters' }).default('Anika Menon'),
  GRIEVANCE_OFFICER_DESIGNATION: z.string().trim().min(2).max(100, { error: 'must be at most 100 characters' }).default('Grievance Officer and Head of Customer Care'),
  GRIEVANCE_OFFICER_EMAIL: z.email({ error: 'must be an e-mail address' }).default('grievance@deosilperfumes.in'),
  GRIEVANCE_OFFICER_PHONE: z.string().trim().regex(/^\+?[0-9][0-9 -]{6,19}$/, { error: 'must be a phone number such as +91 98765 43211' }).default('+91 98765 43211'),
  SELLER_CONSUMER_CARE: z.string().trim().min(5, { error: 'must name an e-mail address or phone number for consumer complaints' }).max(300).default(DEFAULT_CONSUMER_CARE),
});

/** The names of every variable the shop reads (the README's table and .env.example list each one). */
export const CONFIG_VARIABLES = Object.keys(variables.shape);

const envSchema = variables
  .superRefine((env, context) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      const missing = env.ADMIN_EMAIL ? 'ADMIN_PASSWORD' : 'ADMIN_EMAIL';
      context.addIssue({ code: 'custom', path: [missing], message: 'must be set together with ' + (env.ADMIN_EMAIL ? 'ADMIN_EMAIL' : 'ADMIN_PASSWORD') });
    }
    if (Boolean(env.RAZORPAY_KEY_ID) !== Boolean(env.RAZORPAY_KEY_SECRET)) {
      const missing = env.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_SECRET' : 'RAZORPAY_KEY_ID';
      context.addIssue({ code: 'custom', path: [missing], message: 'must be set together with ' + (env.RAZORPAY_KEY_ID ? 'RAZORPAY_KEY_ID' : 'RAZORPAY_KEY_SECRET') });
    }
    if (Boolean(env.SHIPROCKET_EMAIL) !== Boolean(env.SHIPROCKET_PASSWORD)) {
      const missing = env.SHIPROCKET_EMAIL ? 'SHIPROCKET_PASSWORD' : 'SHIPROCKET_EMAIL';
      context.addIssue({ code: 'custom', path: [missing], message: 'must be set together with ' + (env.SHIPROCKET_EMAIL ? 'SHIPROCKET_EMAIL' : 'SHIPROCKET_PASSWORD') });
    }
    // A relay needs a sender it will accept; guessing one would land the shop's mail in spam.
    // PGlite is one process's database: several web processes need a PostgreSQL server to share.
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      context.addIssue({ code: 'custom', path: ['WEB_CONCURRENCY'], message: 'above 1 needs DATABASE_URL (the embedded database serves one process)' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      context.addIssue({ code: 'custom', path: [missing], message: 'must be set together with ' + (env.S3_ACCESS_KEY_ID ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY') });
    }
    // MSG91 sends only what DLT registered: without the key, the sender id and the template it cannot send a code.
    if (env.SMS_PROVIDER === 'msg91') {
      for (const name of ['MSG91_AUTH_KEY', 'MSG91_SENDER_ID', 'MSG91_SIGN_IN_TEMPLATE_ID'] as const) {
        if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'must be set when SMS_PROVIDER is msg91' });
      }
    }
    // WhatsApp is on only with all four: a channel that could send but not read its webhooks would take COD
    // confirmations it never hears back.
    const whatsapp = ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const;
    if (whatsapp.some((name) => env[name])) {
      for (const name of whatsapp) if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'must be set with the other WHATSAPP_ settings' });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) context.addIssue({ code: 'custom', path: ['MAIL_FROM'], message: 'must be set when SMTP_URL is set' });
    // The address printed on every invoice must lie in the state the GSTIN is registered in.
    const pin = sellerPin(env.SELLER_ADDRESS);
    if (!pin) context.addIssue({ code: 'custom', path: ['SELLER_ADDRESS'], message: 'must end with or contain the 6-digit PIN code' });
    else if (env.SELLER_GSTIN && !statesForPin(pin).some((state) => state.code === gstinStateCode(env.SELLER_GSTIN!))) {
      const registered = stateByCode(gstinStateCode(env.SELLER_GSTIN))?.name ?? gstinStateCode(env.SELLER_GSTIN);
      context.addIssue({ code: 'custom', path: ['SELLER_ADDRESS'], message: `has PIN code ${pin}, which is not in ${registered} where SELLER_GSTIN is registered` });
    }
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    /** Fastify's `trustProxy`: how many proxies, or which proxy addresses, may say who the client is. */
    trustProxy: env.TRUST_PROXY,
    dataDir: path.resolve(env.DATA_DIR),
    /** The embedded database's buffer pool in MB (PostgreSQL's shared_buffers; docs/decisions/0051). */
    embeddedBuffersMb: env.EMBEDDED_DB_BUFFERS_MB,
    /**
     * Where backups go, when the embedded database's daily one is taken (shop time; null: never), and how many
     * are kept: the newest of each of the last `daily` days and of the last `monthly` months.
     */
    backups: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')),
      dailyAt: env.BACKUP_TIME === 'off' ? null : env.BACKUP_TIME,
      retention: { daily: env.BACKUP_KEEP_DAILY, monthly: env.BACKUP_KEEP_MONTHLY },
    },
    databaseUrl: env.DATABASE_URL,
    /** Whether PostgreSQL connections prepare their statements (off behind a pooler that cannot keep them). */
    databasePreparedStatements: env.DATABASE_PREPARED_STATEMENTS,
    /**
     * The shop's public address for canonical links, Open Graph tags, the sitemap and robots.txt. Never taken from
     * the request's Host header, which anyone can set; without PUBLIC_URL it is this machine's own address.
     */
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, '') ?? `http://localhost:${env.PORT}`,
    logLevel: env.LOG_LEVEL,
    /** Readable lines or JSON lines; unset, readable on a terminal and JSON elsewhere. */
    logFormat: env.LOG_FORMAT,
    seedDemoCatalogue: env.SEED_DEMO_CATALOGUE,
    seedDemoPromotions: env.SEED_DEMO_PROMOTIONS,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    catalogueCacheTtlMs: env.CATALOGUE_CACHE_TTL_MS,
    /** How long a shareable storefront page is kept at most (writes clear it sooner); 0 turns the page cache off. */
    pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
    /** The most the page cache holds, its pages' compressed copies counted. */
    pageCacheMaxBytes: env.PAGE_CACHE_MAX_MB * 1024 * 1024,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: env.ADMIN_NAME } : undefined,
    // A demo shop runs on the embedded database unless told otherwise; a real server only when asked.
    demoMode: env.DEMO_MODE ? env.DEMO_MODE === 'true' : !env.DATABASE_URL,
    publicFormRateLimit: env.PUBLIC_FORM_RATE_LIMIT,
    /** Payment orders one customer may open per 10 minutes: each one is a call to Razorpay and a stored checkout. */
    paymentOrderRateLimit: env.PAYMENT_ORDER_RATE_LIMIT,
    /** How long a checkout keeps its basket's units (and a limited coupon's use) set aside while the customer pays. */
    checkoutHoldMinutes: env.CHECKOUT_HOLD_MINUTES,
    /** Days after delivery within which a customer may ask to return lines of an order. */
    returnWindowDays: env.RETURN_WINDOW_DAYS,
    /** Return photos one customer may upload per 24 hours: each is re-encoded and stored until a return claims it or a day passes. */
    returnPhotoDailyLimit: env.RETURN_PHOTO_DAILY_LIMIT,
    /** The largest order (fee included, in paise) that may be paid on delivery. */
    codMaxOrderPaise: env.COD_MAX_ORDER * 100,
    /** What gift wrap adds to an order's bill, in paise (a charge, taxed with the goods). */
    giftWrapPaise: env.GIFT_WRAP_PRICE * 100,
    /** Months a gift card can be spent in from its issue (12 or more). */
    giftCardValidityMonths: env.GIFT_CARD_VALIDITY_MONTHS,
    /** Gift card codes one account, and one client address, may try per 10 minutes (checks and checkouts alike). */
    giftCardCodeRateLimit: env.GIFT_CARD_CODE_RATE_LIMIT,
    /** Abandoned-checkout reminders: the first after minutes, the second after hours, optionally with a promotion's code. */
    recovery: {
      first: { enabled: env.RECOVERY_FIRST_REMINDER === 'on', delayMinutes: env.RECOVERY_FIRST_DELAY_MINUTES },
      second: { enabled: env.RECOVERY_SECOND_REMINDER === 'on', delayHours: env.RECOVERY_SECOND_DELAY_HOURS, promotionCode: env.RECOVERY_SECOND_PROMOTION ?? null },
    } satisfies RecoverySettings,
    /** Accounts one client address may open per hour: a household registers a few, a script thousands. */
    registrationRateLimit: env.REGISTRATION_RATE_LIMIT,
    /** Coupon checks one client address may make per 10 minutes: enough to try every code a shopper holds, too few to guess codes. */
    couponValidationRateLimit: env.COUPON_VALIDATION_RATE_LIMIT,
    payments: {
      // Razorpay takes over as soon as both keys are set; without them the sandbox stands in for it.
      razorpay:
        env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET
          ? { keyId: env.RAZORPAY_KEY_ID, keySecret: env.RAZORPAY_KEY_SECRET, apiBase: env.RAZORPAY_API_BASE }
          : undefined,
      webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
      sandboxSecret: env.PAYMENT_SANDBOX_SECRET,
    },
    shipping: {
      // Shiprocket books the parcels as soon as its API user is set; without one the admin ships by hand.
      shiprocket:
        env.SHIPROCKET_EMAIL && env.SHIPROCKET_PASSWORD
          ? { email: env.SHIPROCKET_EMAIL, password: env.SHIPROCKET_PASSWORD, pickupLocation: env.SHIPROCKET_PICKUP_LOCATION, apiBase: env.SHIPROCKET_API_BASE, timeoutMs: env.SHIPROCKET_TIMEOUT_MS }
          : undefined,
      /** The x-api-key Shiprocket's tracking webhook must carry (set in its panel beside the webhook URL). */
      webhookToken: env.SHIPROCKET_WEBHOOK_TOKEN,
      /** The courier's tracking reports applied in one transaction at most, when they arrive together (docs/decisions/0081). */
      webhookBatch: env.COURIER_WEBHOOK_BATCH,
      courierChoice: env.SHIPPING_COURIER_CHOICE,
      /** The packing slips' paper: A4 for an office printer, 4x6 for the label printer. */
      packingSlipSize: env.PACKING_SLIP_SIZE,
    },
    mail: {
      /** Without it every message is rendered and kept for the back office instead of being sent. */
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? 'Deosil Perfumes <orders@deosil.example>',
      shopInbox: env.SHOP_INBOX_EMAIL,
      /** E-mails a day that visitors' forms may make the shop send to one mailbox they typed (recipient-allowance.ts). */
      typedAddressDailyLimit: env.TYPED_ADDRESS_MAIL_LIMIT,
    },
    sms: {
      /** MSG91's Flow API when set up; else the `log` provider keeps every text for the back office. */
      msg91:
        env.SMS_PROVIDER === 'msg91' && env.MSG91_AUTH_KEY && env.MSG91_SENDER_ID && env.MSG91_SIGN_IN_TEMPLATE_ID
          ? { authKey: env.MSG91_AUTH_KEY, senderId: env.MSG91_SENDER_ID, templateIds: { 'sign-in-code': env.MSG91_SIGN_IN_TEMPLATE_ID }, apiBase: env.MSG91_API_BASE }
          : undefined,
    },
    /** Meta's WhatsApp Cloud API when all its settings are set; otherwise the channel is off (docs/decisions/0059). */
    whatsapp:
      env.WHATSAPP_PHONE_NUMBER_ID && env.WHATSAPP_ACCESS_TOKEN && env.WHATSAPP_APP_SECRET && env.WHATSAPP_VERIFY_TOKEN
        ? {
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            accessToken: env.WHATSAPP_ACCESS_TOKEN,
            appSecret: env.WHATSAPP_APP_SECRET,
            verifyToken: env.WHATSAPP_VERIFY_TOKEN,
            apiBase: env.WHATSAPP_API_BASE,
            timeoutMs: env.WHATSAPP_TIMEOUT_MS,
            statusWaitSeconds: env.WHATSAPP_STATUS_WAIT_SECONDS,
          }
        : undefined,
    /** Sign-in codes and links one client address may ask for per hour (each is a text or an e-mail the shop pays for). */
    signInSendRateLimit: env.SIGN_IN_SEND_RATE_LIMIT,
    /** Run the job workers (e-mail, schedules) inside the web process; `npm run worker` runs them alone. */
    jobsInWeb: env.JOBS_IN_WEB,
    /** Uploads go to this S3-compatible bucket when S3_BUCKET is set, else to DATA_DIR/uploads. */
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          credentials: env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
          prefix: env.S3_PREFIX,
          // Other S3-compatible servers mostly want the bucket in the path; AWS itself takes either.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
        }
      : undefined,
    /** Web processes `npm start` runs on this machine (node:cluster), all serving PORT. */
    webConcurrency: env.WEB_CONCURRENCY,
    /** When set, GET /metrics answers only `Authorization: Bearer <token>`. */
    metricsToken: env.METRICS_TOKEN,
    /** When set, the product feeds (/feeds/google.xml, /feeds/meta.csv) answer only `?token=<token>`. */
    feedToken: env.FEED_TOKEN,
    /**
     * Tags the storefront loads for shoppers who allowed them on the cookie banner (decision record 0066): Google
     * Analytics 4 with analytics consent, the Meta pixel with marketing consent. Unset, nothing loads and no banner shows.
     */
    analyticsTags: { ga4MeasurementId: env.GA4_MEASUREMENT_ID ?? null, metaPixelId: env.META_PIXEL_ID ?? null },
    /**
     * The purchase sent from the server for shoppers who allowed the tag: GA4's Measurement Protocol needs the
     * measurement id and an API secret, Meta's Conversions API the pixel id and an access token.
     */
    purchaseEvents: {
      ga4: env.GA4_MEASUREMENT_ID && env.GA4_API_SECRET ? { measurementId: env.GA4_MEASUREMENT_ID, apiSecret: env.GA4_API_SECRET, url: env.GA4_COLLECT_URL } : null,
      meta: env.META_PIXEL_ID && env.META_CONVERSIONS_TOKEN ? { pixelId: env.META_PIXEL_ID, accessToken: env.META_CONVERSIONS_TOKEN, url: env.META_GRAPH_URL.replace(/\/$/, '') } : null,
    },
    /**
     * Who issues the shop's tax documents. Without a GSTIN the shop is a demo: its documents are receipts and name
     * no GSTIN, and its state is the one its address's PIN code lies in.
     */
    seller: {
      legalName: env.SELLER_LEGAL_NAME,
      gstin: env.SELLER_GSTIN ?? null,
      cin: env.SELLER_CIN ?? null,
      address: env.SELLER_ADDRESS,
      stateCode: env.SELLER_GSTIN ? gstinStateCode(env.SELLER_GSTIN) : (statesForPin(sellerPin(env.SELLER_ADDRESS) ?? '')[0]?.code ?? '29'),
    },
    /**
     * Who answers complaints (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)): shown on /contact and
     * /grievances and named in every complaint's acknowledgement.
     */
    grievanceOfficer: {
      name: env.GRIEVANCE_OFFICER_NAME,
      designation: env.GRIEVANCE_OFFICER_DESIGNATION,
      email: env.GRIEVANCE_OFFICER_EMAIL,
      phone: env.GRIEVANCE_OFFICER_PHONE,
    },
    /**
     * What a new product declares unless the back office says otherwise (Legal Metrology (Packaged Commodities)
     * Rules 2011, rule 6(1)): the seller makes its potions itself, in India, at its own address.
     */
    declarationDefaults: {
      genericName: 'Eau de Parfum',
      makerRole: 'manufacturer' as const,
      makerName: env.SELLER_LEGAL_NAME,
      makerAddress: env.SELLER_ADDRESS,
      countryOfOrigin: 'India',
      bestBefore: '36 months from the month of manufacture',
      consumerCare: env.SELLER_CONSUMER_CARE,
    },
  }));

/** The 6-digit PIN code in an address ('…, Bengaluru 560038, Karnataka'). */
function sellerPin(address: string): string | null {
  return /(?:^|\D)([1-9]\d{5})(?:\D|$)/.exec(address)?.[1] ?? null;
}

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Reads and checks the environment once; a bad value names the variable in a single line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // A deployment says NODE_ENV=production; it must also say where it lives, or every link it prints would point
  // at localhost. (`npm start` without NODE_ENV is a shop on this machine, and links to http://localhost:PORT.)
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration: PUBLIC_URL is required when NODE_ENV=production (the public address, e.g. https://deosilperfumes.in)');
  }
  const result = envSchema.safeParse(env, { error: sentenceOf });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = issue?.path.join('.') ?? 'environment';
  throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
}

/**
 * `.env` in the working directory, read into the environment with Node's own parser. A variable the environment
 * already has, even empty, keeps its value: a supervisor's or a shell's setting overrides the file.
 */
export function readEnvFile(file = path.resolve('.env')): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** For the entry points: `.env` and the environment, checked; or one line naming the bad variable and exit code 1. */
export function loadConfigOrExit(): Config {
  try {
    readEnvFile();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
