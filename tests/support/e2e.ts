import { test as base, expect, type Page } from '@playwright/test';

/** `page.goto` and `page.reload` wait until React has hydrated the page. */
function waitingForHydration(page: Page): Page {
  const hydrated = () => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await hydrated();
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await hydrated();
    return response;
  };
  return page;
}

/**
 * Playwright's test with two changes: navigation waits for hydration, so a journey never clicks a
 * server-rendered button before its handler exists; and `otherPage` is a second person's browser (its own
 * cookies and storage), for journeys where, say, an admin acts while a customer watches.
 */
export const test = base.extend<{ otherPage: Page }>({
  page: async ({ page }, provide) => {
    await provide(waitingForHydration(page));
  },
  otherPage: async ({ browser }, provide, testInfo) => {
    const context = await browser.newContext({ ...testInfo.project.use, baseURL: testInfo.project.use.baseURL });
    await provide(waitingForHydration(await context.newPage()));
    await context.close();
  },
});

export { expect };
