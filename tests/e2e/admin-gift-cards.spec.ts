import { signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

/**
 * The owner at /admin/gift-cards: issues a card by hand and copies its code, shown once; finds it again by its last
 * four with its ledger; voids it with a reason; and grants a customer goodwill store credit.
 */
test('an admin issues a gift card, finds it by its last four with its ledger, voids it, and grants store credit', async ({ page }, testInfo) => {
  const tag = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const customer = `credit.${tag}@deosil.test`;
  const registered = await page.request.post('/api/auth/register', {
    data: {
      name: 'Ira Sen',
      email: customer,
      password: 'Moonlight7!',
      confirmPassword: 'Moonlight7!',
      birthSign: 'Leo',
      preferences: { favoriteScents: [], intensityPreference: '', budgetRange: '' },
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await signInToAdmin(page);
  if (testInfo.project.name === 'desktop') await page.getByRole('link', { name: 'Gift cards & credit' }).click();
  else await page.goto('/admin/gift-cards');
  await expect(page.getByRole('heading', { name: 'Gift cards & credit' })).toBeVisible();

  const issue = page.getByRole('region', { name: 'Issue a gift card' });
  await issue.getByLabel('Amount (₹)').fill('1500');
  await issue.getByLabel("Recipient's name").fill(`Prize ${tag}`);
  await issue.getByLabel("Recipient's e-mail").fill(`prize.${tag}@deosil.test`);
  await issue.getByLabel('Reason').fill('Winner of the Diwali draw');
  await issue.getByRole('button', { name: 'Issue card' }).click();
  await expect(issue.getByText('This code will not be shown again')).toBeVisible();
  await expect(issue.getByRole('button', { name: 'Copy code' })).toBeVisible();
  const code = (await issue.getByTestId('issued-code-value').textContent())!.trim();
  const lastFour = code.replace(/-/g, '').slice(-4);

  const lookup = page.getByRole('region', { name: 'Look up a card' });
  // A last four with letters no code uses: the server's refusal shows under the box.
  await lookup.getByLabel('Code or its last 4').fill('AB10');
  await lookup.getByRole('button', { name: 'Look up' }).click();
  await expect(lookup.getByText('lastFour is the last 4 letters and digits of the code')).toBeVisible();

  await lookup.getByLabel('Code or its last 4').fill(lastFour.toLowerCase());
  await lookup.getByRole('button', { name: 'Look up' }).click();
  const card = lookup.getByRole('listitem', { name: `Card ending ${lastFour}` }).filter({ hasText: `Prize ${tag}` });
  await expect(card.getByText('ACTIVE', { exact: true })).toBeVisible();
  await expect(card.getByText('₹1,500.00 of ₹1,500.00')).toBeVisible();
  const ledger = card.getByTestId('gift-card-entry');
  await expect(ledger).toHaveCount(1);
  await expect(ledger.first()).toContainText('Issued');
  await expect(ledger.first()).toContainText('Winner of the Diwali draw');
  await expect(ledger.first()).toContainText('+₹1,500.00');

  await card.getByRole('button', { name: 'Void card' }).click();
  const voiding = card.getByRole('form', { name: `Void the card ending ${lastFour}` });
  await voiding.getByLabel('Reason').fill('Issued to the wrong person');
  await voiding.getByRole('button', { name: 'Cancel the card' }).click();
  await expect(card.getByText('CANCELLED', { exact: true })).toBeVisible();
  await expect(ledger).toHaveCount(2);
  await expect(ledger.first()).toContainText('Issued to the wrong person');
  await expect(ledger.first()).toContainText('−₹1,500.00');
  await expect(card.getByRole('button', { name: 'Void card' })).toHaveCount(0);

  const grant = page.getByRole('region', { name: 'Grant store credit' });
  await grant.getByLabel("Customer's e-mail").fill(customer);
  await grant.getByLabel('Credit (₹)').fill('250');
  await grant.getByLabel('Reason').fill('Parcel arrived late');
  await grant.getByRole('button', { name: 'Grant credit' }).click();
  await expect(grant.getByTestId('granted-balance')).toHaveText(`${customer} now has ₹250.00 of store credit.`);
  // The back office scrolls inside its own frame: a tall window shows the whole screen at this width.
  await page.setViewportSize({ width: page.viewportSize()!.width, height: 2200 });
  await page.screenshot({ path: `/tmp/admin-gift-cards-${testInfo.project.name}.png` });
});
