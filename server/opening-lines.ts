import type { Config } from './config.ts';
import type { Prepared } from './db/startup.ts';
import { DEMO_ADMIN } from './modules/accounts/admin-bootstrap.ts';
import { demoGiftCardLine } from './db/seed/demo-gift-card.ts';
import { databaseUrlParts } from './start-failure.ts';

/**
 * What an operator needs from a start, one fact a line: where the shop answers, which database it runs on, where
 * the back office is, and in demo mode how to sign in to it and the gift card to pay with.
 */
export function openingLines(config: Pick<Config, 'port' | 'databaseUrl' | 'dataDir' | 'jobsInWeb'>, prepared: Prepared): string[] {
  const address = `http://localhost:${config.port}`;
  const database = config.databaseUrl
    ? `PostgreSQL, database ${databaseUrlParts(config.databaseUrl).name} at ${databaseUrlParts(config.databaseUrl).server}`
    : `the embedded PostgreSQL (PGlite) in ${config.dataDir}`;
  return [
    `Deosil Perfumes is open on ${address}${config.jobsInWeb ? ', with the job workers' : ''}`,
    `Database: ${database}`,
    ...(prepared.seededCatalogue ? ['Seeded the demo catalogue and festivals into the empty database'] : []),
    `Back office: ${address}/admin`,
    ...(prepared.admins === 'demo' ? [`Demo mode: sign in to the back office as ${DEMO_ADMIN.email} with the password ${DEMO_ADMIN.password}`] : []),
    ...(prepared.demoGiftCard ? [demoGiftCardLine()] : []),
  ];
}
