import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e.ts';
import { signInToAdmin } from '../support/admin-ui.ts';

/** A new customer, signed in on this page; joining leaves one unread notification in the bell. */
async function signUp(page: Page): Promise<void> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const response = await page.request.post('/api/auth/register', {
    data: { name: 'Ione Vale', email: `failures.${stamp}@deosil.test`, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' },
  });
  expect(response.status()).toBe(201);
  const { token } = await response.json();
  await page.goto('/');
  await page.evaluate((value) => window.localStorage.setItem('deosil-customer-token', value), token);
}

const serverError = { status: 500, contentType: 'application/json', body: JSON.stringify({ success: false }) };

test('a failed notification action says which one failed, and the notification stays', async ({ page }) => {
  await signUp(page);
  await page.goto('/products');
  const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
  await bell.click();
  const inbox = page.getByRole('region', { name: 'Notifications' });
  await expect(inbox.getByRole('listitem')).toHaveCount(1);

  await page.route(/\/api\/notifications\/[^/]+\/read$/, (route) => route.fulfill(serverError));
  await inbox.getByRole('button', { name: /^Mark ".+" as read$/ }).click();
  await expect(page.getByText('Failed to mark notification as read')).toBeVisible();

  await page.route(/\/api\/notifications\/mark-all-read$/, (route) => route.fulfill(serverError));
  await inbox.getByRole('button', { name: 'Mark all read' }).click();
  await expect(page.getByText('Failed to mark all notifications as read')).toBeVisible();

  await page.route(/\/api\/notifications\/[^/]+$/, (route) => (route.request().method() === 'DELETE' ? route.fulfill(serverError) : route.fallback()));
  await inbox.getByRole('button', { name: /^Delete ".+"$/ }).click();
  await expect(page.getByText('Failed to delete notification')).toBeVisible();

  // Nothing changed on the server: the notification is still there, still unread.
  await expect(inbox.getByRole('listitem')).toHaveCount(1);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
});

test('reviews that cannot be loaded or sent say so in the words of the error catalogue', async ({ page }) => {
  await signUp(page);
  await page.route(/\/api\/reviews\/product\//, (route) => route.fulfill(serverError));
  await page.goto('/products/hush');
  // The testimonials load when the shopper scrolls to them.
  await page.getByTestId('spell-testimonials').scrollIntoViewIfNeeded();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to load product reviews' })).toBeVisible();

  await page.unroute(/\/api\/reviews\/product\//);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('review-summary')).toBeVisible();
  await page.getByRole('button', { name: 'Write Review' }).click();
  const form = page.getByRole('form', { name: 'Write a review' });
  await form.getByRole('textbox', { name: 'Your review' }).fill('Smoke and violets, and then the connection dropped.');
  // The connection drops as the review is sent: no word from the server at all.
  await page.route(/\/api\/reviews$/, (route) => route.abort('connectionreset'));
  await form.getByRole('button', { name: /Submit/ }).click();
  await expect(form.getByText('Failed to add review')).toBeVisible();
});

test("the Notification Center's 'Delete read' says when it failed", async ({ page }) => {
  await signInToAdmin(page);
  await page.goto('/admin/notifications');
  await expect(page.getByRole('heading', { level: 1, name: 'Notification Center' })).toBeVisible();
  await page.route(/\/api\/admin\/notifications$/, (route) => (route.request().method() === 'DELETE' ? route.fulfill(serverError) : route.fallback()));
  await page.getByRole('button', { name: 'Delete read' }).click();
  await expect(page.getByText('Failed to delete read notifications')).toBeVisible();
});
