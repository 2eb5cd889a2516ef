import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PAGES, STOREFRONT_PAGES } from '../../tests/support/storefront-pages.ts';
import { startTestShop, type TestShop } from '../../tests/support/test-app.ts';

/**
 * Every storefront page is a valid HTML document: what the W3C checker, screen readers and search engines read
 * is what the shop meant. html-validate's 'standard' rules hold the document to the HTML standard, as the W3C
 * checker does (docs/decisions/0036).
 */
const PAGES = [
  ...STOREFRONT_PAGES,
  '/checkout',
  ...ACCOUNT_PAGES,
  '/admin/login',
  '/reset-password',
  '/verify-email',
  '/sign-in',
  '/newsletter/confirm',
  '/unsubscribe',
  '/cart/restore',
  '/no-such-page',
];

let shop: TestShop;
const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

beforeAll(async () => {
  shop = await startTestShop({ pages: 'production' });
});
afterAll(async () => {
  await shop?.close();
});

describe('storefront pages', () => {
  it.each(PAGES)('%s is a valid document with one h1 and nothing after </html>', async (url) => {
    const page = await shop.app.inject({ method: 'GET', url });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const report = await validator.validateString(page.body);
    const problems = report.results.flatMap((result) => result.messages.map((message) => `${message.ruleId} at ${message.line}:${message.column}: ${message.message}`));
    expect(problems).toEqual([]);
    // A script after </html> is a stray start tag to the W3C checker, which html-validate lets pass.
    expect(page.body.trimEnd().endsWith('</html>')).toBe(true);
    expect(page.body.match(/<h1[\s>]/g) ?? []).toHaveLength(1);
  });
});
