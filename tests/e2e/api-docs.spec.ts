// The API reference is not a React page: Playwright's own test, without the wait for hydration.
import { expect, test } from '@playwright/test';

interface OpenApiDocument {
  paths: Record<string, Record<string, { tags?: string[] }>>;
}

test('the API reference shows every operation of the document, under its policy, fetching nothing from elsewhere', async ({ page, baseURL }) => {
  // Each of the document's areas is opened and read in turn: over a hundred and fifty operations take a while.
  test.setTimeout(90_000);
  const problems: string[] = [];
  // Reported from inside the page (an init script runs outside the page's policy), with the directive broken.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`));
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
  });
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(baseURL!) && !url.startsWith('data:')) problems.push(`request to another origin: ${url}`);
  });

  const spec: OpenApiDocument = await (await page.request.get('/api/openapi.json')).json();
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags?.[0] ?? 'default';
      byTag.set(tag, [...(byTag.get(tag) ?? []), `${method.toUpperCase()} ${path}`]);
    }
  }
  expect([...byTag.values()].flat().length).toBeGreaterThan(80);

  await page.goto('/api/docs');
  // Swagger UI builds the page from the whole document in the browser: more than the usual five seconds on two cores.
  await expect(page.getByRole('heading', { name: /Deosil Perfumes API/ })).toBeVisible({ timeout: 20_000 });
  // Every area is listed folded; opening each shows exactly the operations of the document under it.
  await expect(page.locator('.opblock-tag')).toHaveCount(byTag.size);
  for (const [tag, operations] of byTag) {
    const heading = page.locator(`#operations-tag-${tag.replaceAll(' ', '_')}`);
    await heading.click();
    const section = page.locator('.opblock-tag-section').filter({ has: heading });
    const blocks = section.locator('.opblock');
    await expect(blocks).toHaveCount(operations.length);
    const shown = await blocks.evaluateAll((elements) =>
      elements.map((element) => `${element.querySelector('.opblock-summary-method')?.textContent} ${element.querySelector('.opblock-summary-path')?.getAttribute('data-path')}`),
    );
    expect(shown.sort()).toEqual([...operations].sort());
    if (tag !== 'admin orders') await heading.click();
  }

  // An admin operation (Swagger UI names it by its operationId) opens on its request schema, its responses and the note on who may call it.
  await page.locator('#operations-admin_orders-adminSetOrderStatus .opblock-summary').click();
  const operation = page.locator('#operations-admin_orders-adminSetOrderStatus');
  await expect(operation.getByText('Access: admin.')).toBeVisible();
  await expect(operation.locator('.responses-table').first()).toContainText('4XX');
  // Its error body is the shared ApiError, which Swagger UI resolves: no 'Resolver error' panel over the page.
  await expect(operation.locator('.responses-table').first()).toContainText('message');
  await expect(page.locator('.errors-wrapper')).toHaveCount(0);

  await page.screenshot({ path: test.info().outputPath('api-docs.png'), fullPage: false });
  expect(problems).toEqual([]);
});
