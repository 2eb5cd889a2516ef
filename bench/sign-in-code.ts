// Sign-in by texted code, end to end, on PostgreSQL (needs DATABASE_URL): shoppers at once, each looping
// 'Text me a code' → the SMS job hands the text to a local MSG91 stand-in → the code typed back → a session, for
// BENCH_SIGN_IN_SECONDS. Each shopper has its own number and client address, as real shoppers do, so the send
// limits never refuse. Prints sign-ins per second, texts per sign-in (must be 1) and the latency of each leg.
// Not a test: it prints figures. The SMS job polls its queue every 0.5 s (pg-boss's shortest), which sets the
// commit → MSG91 leg's floor.
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { createThrowawayDatabase } from '../server/db/throwaway-database.ts';
import { startFakeMsg91 } from '../tests/support/fake-msg91.ts';

const SHOPPERS = Number(process.env.BENCH_SHOPPERS ?? 20);
const DURATION_S = Number(process.env.BENCH_SIGN_IN_SECONDS ?? 15);
const AUTH_KEY = 'bench-auth-key-0123456789';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

if (!process.env.DATABASE_URL) {
  console.log('sign-in bench: set DATABASE_URL to a PostgreSQL server to run it');
  process.exit(0);
}
const throwaway = await createThrowawayDatabase(process.env.DATABASE_URL, 'deosil_sign_in_bench');
const database = await openDatabase({ kind: 'postgres', url: throwaway.url });
const msg91 = await startFakeMsg91(AUTH_KEY);
try {
  await database.migrate();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    JOBS_IN_WEB: 'true',
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: AUTH_KEY,
    MSG91_SENDER_ID: 'DEOSIL',
    MSG91_SIGN_IN_TEMPLATE_ID: 'benchtemplate01',
    MSG91_API_BASE: msg91.url,
    DATABASE_URL: throwaway.url,
  });
  const app = await buildApp({ config, database, jobs: { timing: { pollingIntervalSeconds: 0.5 }, mail: { batchSize: 50 } } });
  await app.ready();

  /** The newest code MSG91 was asked to text to `mobiles` after `seen` earlier ones. */
  const codeFor = async (mobiles: string, seen: number): Promise<string> => {
    for (;;) {
      const texts = msg91.delivered.filter((text) => text.mobiles === mobiles);
      if (texts.length > seen) return texts[texts.length - 1]!.variables.otp!;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  const sendMs: number[] = [];
  const textMs: number[] = [];
  const verifyMs: number[] = [];
  let signIns = 0;
  const end = performance.now() + DURATION_S * 1000;
  const shopper = async (index: number) => {
    const national = `9${String(index).padStart(9, '0')}`;
    const ip = `10.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
    let sent = 0;
    while (performance.now() < end && sent < 5) {
      const started = performance.now();
      const asked = await app.inject({ method: 'POST', url: '/api/auth/sign-in/code', payload: { phone: national }, remoteAddress: ip });
      if (asked.statusCode !== 200) throw new Error(`send answered ${asked.statusCode}: ${asked.body}`);
      const sentAt = performance.now();
      const code = await codeFor(`91${national}`, sent);
      sent += 1;
      const textedAt = performance.now();
      const verified = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/code/verify',
        payload: { phone: national, code, ...(sent === 1 ? { name: 'Bench Shopper', email: `bench.${index}@deosil.bench` } : {}) },
        remoteAddress: ip,
      });
      if (verified.statusCode !== 200) throw new Error(`verify answered ${verified.statusCode}: ${verified.body}`);
      sendMs.push(sentAt - started);
      textMs.push(textedAt - sentAt);
      verifyMs.push(performance.now() - textedAt);
      signIns += 1;
    }
  };
  // Five sends an hour per number: a shopper who used its five hands over to a new number.
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: SHOPPERS }, async () => {
      while (performance.now() < end) await shopper((next += 1));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  for (const list of [sendMs, textMs, verifyMs]) list.sort((a, b) => a - b);
  const row = (name: string, list: number[]) => `  ${name.padEnd(22)} p50 ${percentile(list, 50).toFixed(1)} ms, p99 ${percentile(list, 99).toFixed(1)} ms`;
  console.log(`sign-in by code on PostgreSQL, ${SHOPPERS} shoppers for ${seconds.toFixed(1)} s:`);
  console.log(`  ${(signIns / seconds).toFixed(1)} sign-ins/s (${signIns}), texts sent per sign-in: ${(msg91.delivered.length / Math.max(1, signIns)).toFixed(3)}`);
  console.log(row('send (HTTP answer)', sendMs));
  console.log(row('commit → MSG91', textMs));
  console.log(row('verify (HTTP answer)', verifyMs));
  await app.close();
} finally {
  await database.close();
  await msg91.close();
  await throwaway.drop();
}
