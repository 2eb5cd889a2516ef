import { test as base, expect } from '@playwright/test';

/**
 * Playwright's test with one change: `page.goto` and `page.reload` wait until React has hydrated the page, so a
 * journey never clicks a server-rendered button before its handler exists.
 */
export const test = base.extend({
  page: async ({ page }, provide) => {
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
    await provide(page);
  },
});

export { expect };
