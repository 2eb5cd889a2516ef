import { WHATSAPP_TEMPLATES } from '../../server/modules/whatsapp/templates/index.ts';
import { signInToAdmin } from '../support/admin-ui.ts';
import { expect, test } from '../support/e2e.ts';

/**
 * The back office's WhatsApp page. The journeys' shop has no WHATSAPP_* settings, so the channel is off: the page
 * says so, lists no messages, and still previews every approved template as the shopper would read it.
 */
test('the WhatsApp page says the channel is off and previews every template with its buttons', async ({ page }) => {
  await signInToAdmin(page);
  await page.goto('/admin/whatsapp');
  await expect(page.getByRole('heading', { name: 'WhatsApp messages' })).toBeVisible();
  await expect(page.getByTestId('whatsapp-health')).toContainText('WhatsApp is off');
  await expect(page.getByText('No WhatsApp messages yet.')).toBeVisible();

  const templates = page.getByTestId('whatsapp-template');
  await expect(templates).toHaveCount(Object.keys(WHATSAPP_TEMPLATES).length);
  const codRequest = templates.filter({ hasText: 'cod_confirm_request' });
  const preview = codRequest.getByTestId('whatsapp-template-preview');
  // The approved words with the sample values filled in, and the two quick replies under them.
  await expect(preview).toContainText('Hello Asha, your cash-on-delivery order DP-20261127-0042 for ₹1,847.00 is waiting for your confirmation.');
  await expect(preview.getByText('Confirm order', { exact: true })).toBeVisible();
  await expect(preview.getByText('Cancel order', { exact: true })).toBeVisible();
  await expect(codRequest).toContainText('{{1}} customerName, {{2}} orderNumber, {{3}} total, {{4}} confirmBy');
  await expect(templates.filter({ hasText: 'delivery_failed' }).getByText('Deliver tomorrow', { exact: true })).toBeVisible();

  // Nothing on the page is wider than the screen, on a phone as on a desk.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
