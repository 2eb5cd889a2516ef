import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e.ts';
import { waitForMail } from '../support/e2e-mailbox.ts';

const PASSWORD = 'Moonlight7!';
const NEW_PASSWORD = 'Nightshade-42';
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@deosil.test`;
const isNarrow = (page: Page) => (page.viewportSize()?.width ?? 0) < 1024;

/** The sign-in dialog, from the header as a visitor opens it. */
async function openSignIn(page: Page) {
  if (isNarrow(page)) {
    await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  } else {
    // On desktops the header button opens the join form; its 'Sign In' switches over.
    await page.getByRole('banner').getByRole('button', { name: 'Login | Join Us' }).click();
    await page.getByRole('dialog', { name: 'Join the Coven' }).getByRole('button', { name: 'Sign In', exact: true }).click();
  }
  const dialog = page.getByRole('dialog', { name: 'Welcome Back, Mystic' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.setTimeout(60_000);

test('a shopper who forgot the password gets back in through the e-mailed link, and the old session is gone', async ({ page, otherPage }) => {
  // The shopper's own browser, signed in from registration.
  const email = uniqueEmail('lost');
  const registered = await page.request.post('/api/auth/register', {
    data: { name: 'Lyra Moss', email, password: PASSWORD, confirmPassword: PASSWORD, preferences: { favoriteScents: [], intensityPreference: '', budgetRange: '' } },
  });
  expect(registered.status()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('deosil-customer-token', value), token);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Verify your e-mail' })).toBeVisible();

  // Another browser: 'Forgot password?' in the sign-in dialog.
  await otherPage.goto('/');
  const signIn = await openSignIn(otherPage);
  await signIn.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = otherPage.getByRole('dialog', { name: 'Forgot Your Password?' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(forgot.getByRole('status')).toHaveText(/If an account exists for that e-mail, a link to reset the password is on its way/);

  // The e-mail, as the shop's SMTP client delivered it.
  const mail = await waitForMail(email, /Reset your Deosil Perfumes password/);
  const link = new URL(/https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)![0]);

  // The back office lists the same message as sent, with the link's key hidden: an admin cannot use it.
  const admin = await otherPage.request.post('/api/admin/login', { data: { email: 'admin@deosil.demo', password: 'Moonlit-Coven-13' } });
  const headers = { authorization: `Bearer ${((await admin.json()) as { token: string }).token}` };
  const listed = (await (await otherPage.request.get('/api/admin/emails', { headers })).json()) as { emails: { id: string; to: string; template: string; status: string }[] };
  const entry = listed.emails.find((message) => message.to === email && message.template === 'password-reset');
  expect(entry?.status).toBe('sent');
  const opened = (await (await otherPage.request.get(`/api/admin/emails/${entry!.id}`, { headers })).json()) as { email: { text: string } };
  expect(opened.email.text).toContain(`${link.origin}${link.pathname}?token=[hidden]`);
  expect(opened.email.text).not.toContain(link.searchParams.get('token')!);

  await otherPage.goto(`${link.pathname}${link.search}`);
  await expect(otherPage.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await otherPage.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await otherPage.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await otherPage.getByRole('button', { name: 'Set New Password' }).click();
  await expect(otherPage.getByRole('status').filter({ hasText: 'Your password has been changed' })).toBeVisible();

  // The same link a second time is refused.
  await otherPage.goto(`${link.pathname}${link.search}`);
  await otherPage.getByLabel('New Password', { exact: true }).fill('Another-pass-1');
  await otherPage.getByLabel('Confirm New Password').fill('Another-pass-1');
  await otherPage.getByRole('button', { name: 'Set New Password' }).click();
  await expect(otherPage.getByRole('alert')).toHaveText(/This reset link has already been used/);

  // Signing in with the new password works.
  await otherPage.goto('/');
  const again = await openSignIn(otherPage);
  await again.getByLabel('Email').fill(email);
  await again.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
  await again.getByRole('button', { name: 'Enter the Mystical Realm' }).click();
  // A password check is slow by design (the hash's cost), and slower still on a busy machine.
  await expect(again).toBeHidden({ timeout: 15_000 });
  await otherPage.goto('/profile');
  await expect(otherPage.getByRole('heading', { name: 'Lyra Moss' })).toBeVisible();

  // The first browser's session ended with the reset.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Authentication Required' })).toBeVisible();
  await expect(waitForMail(email, /Your Deosil Perfumes password was changed/)).resolves.toBeTruthy();
});
