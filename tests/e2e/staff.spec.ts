import type { Page } from '@playwright/test';
import { signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';
import { waitForMail } from '../support/e2e-mailbox.ts';
import { currentCode } from '../../server/modules/staff/two-factor.ts';

const PASSWORD = 'Packing-Under-Moon-7';

/** The admin menu's links, opening the drawer first on a phone. */
async function menuLinks(page: Page): Promise<string[]> {
  if ((page.viewportSize()?.width ?? 0) < 768) await page.getByRole('button', { name: 'Open admin menu' }).click();
  const links = page.getByRole('navigation', { name: 'Admin' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  return links.allInnerTexts();
}

test('the owner invites a packer, who signs in with a code from an authenticator, sees only orders and shipping, and cannot open the tax report', async ({ page, browser }, testInfo) => {
  const email = `packer.${testInfo.project.name}.${Date.now()}@deosil.test`;

  // The owner invites the packer.
  await signInToAdmin(page);
  await page.goto('/admin/staff');
  const invite = page.getByRole('form', { name: 'Invite a staff member' });
  await invite.getByLabel('Name').fill('Kabir Das');
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Role').selectOption({ label: 'Fulfilment' });
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

  // The packer follows the e-mailed link: a password, then the authenticator app.
  const mail = await waitForMail(email, /invited to the Deosil Perfumes back office/);
  const link = /https?:\/\/\S+\/admin\/invitation\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();
  const packerContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const packer = await packerContext.newPage();
  await packer.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(packer.getByText('You join as Fulfilment')).toBeVisible();
  await packer.getByLabel('Choose a password').fill(PASSWORD);
  await packer.getByLabel('The password again').fill(PASSWORD);
  await packer.getByRole('button', { name: 'Set my password' }).click();
  await expect(packer.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await packer.getByTestId('totp-secret').innerText()).trim();
  await packer.getByLabel('Code from the app').fill(currentCode(secret));
  await packer.getByRole('button', { name: 'Link the app' }).click();
  await expect(packer.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await packer.getByRole('button', { name: /I have kept them/ }).click();
  await expect(packer).toHaveURL(/\/admin\/orders$/);
  await packerContext.close();

  // Next day, so to speak: a fresh browser, the password, then the code the app shows (the next 30-second one).
  const again = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const signIn = await again.newPage();
  await signIn.goto('/admin/login');
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await signIn.getByLabel('Authentication code').fill(currentCode(secret, new Date(Date.now() + 30_000)));
  await signIn.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(signIn).toHaveURL(/\/admin\/orders$/);
  await expect(signIn.getByText('Fulfilment', { exact: true })).toBeVisible();

  expect((await menuLinks(signIn)).map((label) => label.replace(/[^A-Za-z ]/g, '').trim())).toEqual(['Orders', 'Shipments', 'Returns']);
  await signIn.goto('/admin/tax');
  await expect(signIn.getByRole('alert').filter({ hasText: 'Tax is not open to you' })).toBeVisible();
  await expect(signIn.getByText('tax.read')).toBeVisible();
  const refused = await signIn.request.get('/api/admin/reports/gst?month=2026-10', { headers: { authorization: `Bearer ${await signIn.evaluate(() => JSON.parse(localStorage.getItem('deosil-admin-data') ?? 'null')?.token ?? '')}` } });
  expect(refused.status()).toBe(403);
  await again.close();
});
