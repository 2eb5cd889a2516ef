import type { Config } from '../config.ts';
import { bootstrapAdmins } from '../modules/accounts/admin-bootstrap.ts';
import type { DatabaseHandle } from './client.ts';
import { seedCatalogueIfEmpty } from './seed/seed-catalogue.ts';
import { seedFestivalsIfEmpty } from './seed/seed-festivals.ts';
import { seedPromotionsIfEmpty } from './seed/seed-promotions.ts';
import { ensureDemoGiftCard } from './seed/demo-gift-card.ts';

export interface Prepared {
  seededCatalogue: boolean;
  seededFestivals: boolean;
  seededPromotions: boolean;
  /** Demo mode: the demo gift card, whose code the start prints, can pay. */
  demoGiftCard: boolean;
  admins: Awaited<ReturnType<typeof bootstrapAdmins>>;
}

/**
 * Brings the database up to date before a web process serves: migrations, the demo catalogue, festivals and promotions into
 * an empty shop, the configured or demo admin, and in demo mode the demo gift card (voided when demo mode ends). Under the start-up lock, so any number of processes started at
 * the same moment do it one after another; the later ones find the work done.
 */
export function prepareDatabase(
  database: DatabaseHandle,
  config: Pick<Config, 'seedDemoCatalogue' | 'seedDemoPromotions' | 'admin' | 'demoMode' | 'declarationDefaults' | 'giftCardValidityMonths'>,
): Promise<Prepared> {
  return database.exclusively(async () => {
    await database.migrate();
    const seededCatalogue = config.seedDemoCatalogue && (await seedCatalogueIfEmpty(database.db, new Date(), config.declarationDefaults));
    const seededFestivals = config.seedDemoCatalogue && (await seedFestivalsIfEmpty(database.db));
    const seededPromotions = config.seedDemoCatalogue && config.seedDemoPromotions && (await seedPromotionsIfEmpty(database.db, new Date()));
    const demoGiftCard = await ensureDemoGiftCard(database.db, { demoMode: config.demoMode, validityMonths: config.giftCardValidityMonths, now: new Date() });
    const admins = await bootstrapAdmins(database.db, config);
    return { seededCatalogue, seededFestivals, seededPromotions, demoGiftCard, admins };
  });
}
