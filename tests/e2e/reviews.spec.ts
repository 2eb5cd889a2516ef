import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e.ts';

const DEMO_ADMIN = { email: 'admin@deosil.demo', password: 'Moonlit-Coven-13' };
const PRODUCT = '/products/hush';

/** 'Based on N reviews' in the Spell Testimonials summary. */
async function reviewTotal(page: Page): Promise<number> {
  const text = await page.getByTestId('review-summary').getByText(/^Based on \d+ reviews?$/).textContent();
  return Number(/\d+/.exec(text ?? '')![0]);
}

async function openTestimonials(page: Page) {
  await page.getByTestId('spell-testimonials').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('review-summary')).toBeVisible();
}

test('a customer writes a review, cannot write a second, and an admin rejects it off the product page', async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Reviewer ${stamp.slice(-5)}`;
  const comment = `The smoke lingered on my scarf until morning ${stamp}`;
  const registered = await page.request.post('/api/auth/register', {
    data: { name, email: `reviewer.${stamp}@deosil.test`, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' },
  });
  expect(registered.status()).toBe(201);
  const { token } = await registered.json();

  // A visitor reads the testimonials and is asked to sign in to write one.
  await page.goto(PRODUCT);
  await openTestimonials(page);
  await expect(page.getByText('You must be logged in to leave a review', { exact: false })).toBeVisible();
  expect(await page.getByRole('list', { name: 'Reviews' }).getByRole('article').count()).toBeGreaterThan(0);

  await page.evaluate((value) => window.localStorage.setItem('deosil-customer-token', value), token);
  await page.reload();
  await openTestimonials(page);
  const before = await reviewTotal(page);

  await page.getByRole('button', { name: 'Write Review' }).click();
  const form = page.getByRole('form', { name: 'Write a review' });
  // The spec's initial state: overall 5, potency, longevity and aura 5, effectiveness unset.
  await expect(form.getByRole('radio', { name: 'Overall rating: 5 stars' })).toHaveAttribute('aria-checked', 'true');
  await expect(form.getByRole('radio', { name: 'Aura: 5 stars' })).toHaveAttribute('aria-checked', 'true');
  await expect(form.getByRole('button', { name: 'Not rated' })).toBeVisible();
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(form.getByText('Please share your experience with this potion.')).toBeVisible();

  await form.getByRole('radio', { name: 'Overall rating: 4 stars' }).click();
  await form.getByLabel('Title (optional)').fill('Smoke that stays');
  await form.getByLabel('Your review').fill(comment);
  await form.getByRole('radio', { name: 'Potency: 3 stars' }).click();
  await form.getByRole('radio', { name: 'Effectiveness: 4 stars' }).click();
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(form).toBeHidden();

  const card = page.getByRole('article', { name: `Review by ${name}` });
  await expect(card).toBeVisible();
  await expect(card.getByText(comment)).toBeVisible();
  await expect(card.getByText('Smoke that stays')).toBeVisible();
  await expect(card.getByText('Your review')).toBeVisible();
  await expect(card.getByRole('button', { name: /Helpful/ })).toBeDisabled();
  await expect(page.getByTestId('review-summary').getByText(`Based on ${before + 1} reviews`)).toBeVisible();

  // A second attempt meets the already-reviewed state instead of the form.
  await page.getByRole('button', { name: 'Write Review' }).click();
  const already = page.getByTestId('already-reviewed');
  await expect(already.getByText("You've Already Reviewed This Product")).toBeVisible();
  await expect(already.getByText('You can only submit one review per product.', { exact: false })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Write a review' })).toHaveCount(0);

  // The admin rejects it in Review Management.
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(DEMO_ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/reviews');
  await page.getByRole('searchbox', { name: 'Search reviews' }).fill(stamp);
  const row = page.getByRole('button', { name: `Open review by ${name} of Hush` });
  await expect(page.getByRole('list', { name: 'Reviews' }).getByRole('button')).toHaveCount(1);
  await row.click();
  const detail = page.getByRole('dialog', { name: 'Review details' });
  await expect(detail.getByText(comment)).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Approve' })).toBeDisabled();
  await detail.getByRole('button', { name: 'Reject Review' }).click();
  await expect(detail).toBeHidden();
  await expect(row.getByText('rejected')).toBeVisible();

  await page.goto(PRODUCT);
  await openTestimonials(page);
  await expect(page.getByTestId('review-summary').getByText(`Based on ${before} reviews`)).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);
});

test('a customer edits and deletes their own review; a failed edit or delete says so and changes nothing', async ({ page }) => {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Author ${stamp.slice(-5)}`;
  const registered = await page.request.post('/api/auth/register', {
    data: { name, email: `author.${stamp}@deosil.test`, password: 'Moonlight7!', confirmPassword: 'Moonlight7!' },
  });
  expect(registered.status()).toBe(201);
  const { token } = await registered.json();
  const product = await (await page.request.get('/api/products/hush')).json();
  const written = await page.request.post('/api/reviews', {
    headers: { authorization: `Bearer ${token}` },
    data: { productId: product.product.id, title: 'First light', comment: `Violets at dusk ${stamp}`, rating: 4, ratings: { potency: 4, longevity: 4, aura: 4, effectiveness: null } },
  });
  expect(written.status()).toBe(201);

  await page.goto(PRODUCT);
  await page.evaluate((value) => window.localStorage.setItem('deosil-customer-token', value), token);
  await page.reload();
  await openTestimonials(page);
  const total = await reviewTotal(page);
  const card = page.getByRole('article', { name: `Review by ${name}` });
  await expect(card.getByText(`Violets at dusk ${stamp}`)).toBeVisible();

  // Editing starts from what was written; a server failure keeps the form open with the catalogue's words.
  await card.getByRole('button', { name: 'Edit your review' }).click();
  const form = page.getByRole('form', { name: 'Edit your review' });
  await expect(form.getByRole('textbox', { name: 'Your review' })).toHaveValue(`Violets at dusk ${stamp}`);
  await expect(form.getByRole('radio', { name: 'Overall rating: 4 stars' })).toHaveAttribute('aria-checked', 'true');
  await form.getByRole('textbox', { name: 'Your review' }).fill(`Violets and smoke at midnight ${stamp}`);
  await page.route(/\/api\/reviews\/\d+$/, (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }) : route.fallback()));
  await form.getByRole('button', { name: 'Update Review' }).click();
  await expect(form.getByRole('alert')).toHaveText('Failed to update review');
  await expect(card.getByText(`Violets at dusk ${stamp}`)).toBeVisible();
  await page.unroute(/\/api\/reviews\/\d+$/);
  await form.getByRole('button', { name: 'Update Review' }).click();
  await expect(form).toBeHidden();
  await expect(card.getByText(`Violets and smoke at midnight ${stamp}`)).toBeVisible();

  // Deleting asks first; a failed delete says so and the review stays.
  await card.getByRole('button', { name: 'Delete your review' }).click();
  const panel = page.getByTestId('already-reviewed');
  await page.route(/\/api\/reviews\/\d+$/, (route) => (route.request().method() === 'DELETE' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false}' }) : route.fallback()));
  await panel.getByRole('button', { name: 'Yes, Delete Review' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Failed to delete review');
  await expect(card).toBeVisible();
  await page.unroute(/\/api\/reviews\/\d+$/);
  await panel.getByRole('button', { name: 'Yes, Delete Review' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('review-summary').getByText(`Based on ${total - 1} review`)).toBeVisible();

  // With the review gone, the shopper may write a new one.
  await page.getByRole('button', { name: 'Write Review' }).click();
  await expect(page.getByRole('form', { name: 'Write a review' }).getByRole('textbox', { name: 'Your review' })).toHaveValue('');
});
