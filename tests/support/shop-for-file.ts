import { afterAll, beforeAll } from 'vitest';
import { signInAdmin } from './accounts.ts';
import { startTestShop, type TestShop } from './test-app.ts';

export type ShopForFile<Fixture = undefined> = TestShop & { readonly admin: string; readonly fixture: Fixture };

/**
 * The test shop most API test files start: one for the whole file, with the configured admin signed in (and the
 * rows `seed` writes, its answer kept as `fixture`), started before the file's tests and closed after them. It
 * stands in for the shop from the moment it is made, so a file passes it to `call` and the other helpers as it
 * would the shop; its fields are read inside tests and later hooks, once the start has run (a `beforeAll` the file
 * declares after this call runs after the start).
 */
export function shopForFile<Fixture = undefined>(options: Parameters<typeof startTestShop>[0] = {}, seed?: (shop: ShopForFile) => Promise<Fixture>): ShopForFile<Fixture> {
  let shop: TestShop | undefined;
  let admin: string | undefined;
  let fixture: Fixture | undefined;
  const started = () => {
    if (!shop) throw new Error('The test shop is read before its beforeAll has started it, or after it was closed');
    return shop;
  };
  const close = async () => {
    const closing = shop;
    shop = undefined;
    await closing?.close();
  };
  const handle: ShopForFile<Fixture> = {
    get app() {
      return started().app;
    },
    get database() {
      return started().database;
    },
    get admin() {
      started();
      return admin!;
    },
    get fixture() {
      started();
      return fixture as Fixture;
    },
    close,
  };
  beforeAll(async () => {
    shop = await startTestShop(options);
    admin = await signInAdmin(shop);
    if (seed) fixture = await seed(handle as ShopForFile);
  });
  afterAll(close);
  return handle;
}
