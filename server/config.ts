import path from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// URL' })
        .optional(),
    ),
    PUBLIC_URL: z.preprocess(emptyToUndefined, z.url({ error: 'must be an absolute URL' }).optional()),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO_CATALOGUE: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
    CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
    PUBLIC_FORM_RATE_LIMIT: z.coerce.number().int().min(1).max(10_000).default(10),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ''),
    logLevel: env.LOG_LEVEL,
    seedDemoCatalogue: env.SEED_DEMO_CATALOGUE,
    shutdownGraceMs: env.SHUTDOWN_GRACE_MS,
    catalogueCacheTtlMs: env.CATALOGUE_CACHE_TTL_MS,
    publicFormRateLimit: env.PUBLIC_FORM_RATE_LIMIT,
  }));

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Reads and checks the environment once; a bad value names the variable in a single line. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = envSchema.safeParse(env);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = issue?.path.join('.') ?? 'environment';
  throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}`);
}
