import { formatPaise } from '../../../domain/money.ts';
import { doIUseEmail } from 'doiuse-email';
import { describe, expect, it } from 'vitest';
import { EMAIL_SAMPLES, GIFT_CARDS_ALONE_ORDER } from '../../../tests/support/email-samples.ts';
import { renderEmail } from './render-email.ts';
import { EMAIL_TEMPLATES, type TemplateName } from './template-registry.ts';

/**
 * Every template, rendered, is checked with doiuse-email (Can I email's data) against Gmail and Outlook, the
 * clients most of the shop's customers read in. A feature one of them drops fails the test unless it is listed
 * here with the reason losing it is harmless.
 */
const HARMLESS: { feature: string; clients: RegExp; why: string }[] = [
  {
    feature: '<body> element',
    clients: /^outlook\.(ios|android)$/,
    why: "Outlook's apps drop the body element; its background is repeated on the table cell inside (react-email's Body), which they keep.",
  },
  {
    feature: 'border-radius',
    clients: /^outlook\.windows(-mail)?$/,
    why: 'The frame, its header and footer and the action button lose their rounded corners and are drawn square; nothing else changes.',
  },
  {
    feature: 'role attribute',
    clients: /^outlook\.windows-mail$/,
    why: 'role="presentation" tells screen readers that a layout table is not data; Windows Mail ignores it and still lays the table out.',
  },
  {
    feature: 'word-break',
    clients: /^outlook\.windows-mail$/,
    why: 'A link written out in full (password reset, verification) is not broken across lines in Windows Mail: the line runs on, and the link still works.',
  },
];

const CONTEXT = { shopUrl: 'https://deosilperfumes.in', unsubscribeUrl: 'https://deosilperfumes.in/unsubscribe?token=abc' };
const PROBLEM = /^`(.+)` is not supported by `(.+)`$/;

async function problemsOf(template: TemplateName) {
  const { html } = await renderEmail(template, EMAIL_SAMPLES[template], CONTEXT);
  const result = doIUseEmail(html, { emailClients: ['gmail.*', 'outlook.*'] });
  return (result.success ? [] : result.errors).map((error) => {
    const [, feature = error, client = ''] = PROBLEM.exec(error) ?? [];
    return { feature, client, error };
  });
}

describe('e-mail in Gmail and Outlook (doiuse-email)', () => {
  it('has a sample of every template', () => {
    expect(Object.keys(EMAIL_SAMPLES).sort()).toEqual(Object.keys(EMAIL_TEMPLATES).sort());
  });

  it('uses nothing those clients drop in any template, but what is listed as harmless', async () => {
    const unexplained: string[] = [];
    const seen = new Set<string>();
    for (const template of Object.keys(EMAIL_TEMPLATES) as TemplateName[]) {
      for (const problem of await problemsOf(template)) {
        const listed = HARMLESS.find(({ feature, clients }) => feature === problem.feature && clients.test(problem.client));
        if (listed) seen.add(listed.feature);
        else unexplained.push(`${template}: ${problem.error}`);
      }
    }
    expect([...new Set(unexplained)], [...new Set(unexplained)].join('\n')).toEqual([]);
    // A harmless entry that no template needs any more is removed from the list.
    expect(HARMLESS.map(({ feature }) => feature).filter((feature) => !seen.has(feature))).toEqual([]);
  });

  it('keeps the preheader out of sight without display:none, opacity or overflow, and out of the text part', async () => {
    const { html, text } = await renderEmail('order-confirmation', EMAIL_SAMPLES['order-confirmation'], CONTEXT);
    const preheader = `Order DP-20261127-0042: ${formatPaise(EMAIL_SAMPLES['order-confirmation'].totalPaise)} received with thanks.`;
    expect(html).toContain(preheader);
    expect(html).not.toMatch(/display:\s*none|opacity|overflow|target=/);
    // 1 px in the page's own colour, and Outlook on Windows hides it with mso-hide.
    expect(html).toMatch(/<div data-skip-in-text="true" style="color:#07040c;font-size:1px;line-height:1px;max-height:0;max-width:0;mso-hide:all">Order DP-/);
    expect(text).not.toContain(preheader);
  });
});

describe('the confirmation of gift cards bought alone', () => {
  it('names each card by its recipient, day and last four, and what was paid, with no address and no bill of goods', async () => {
    const { html, text } = await renderEmail('order-confirmation', GIFT_CARDS_ALONE_ORDER, CONTEXT);
    expect(text).toMatch(/your gift cards are bought/i);
    expect(text).toMatch(/For Ananya Rao · e-mailed .*8 Nov.* · ends K7QX/);
    expect(text).toMatch(/For Kabir · e-mailed .* · ends M2PD/);
    expect(text).toMatch(/Total paid\s*₹2,500/);
    expect(text).not.toMatch(/Delivering to|Subtotal|brewing/);
    const result = doIUseEmail(html, { emailClients: ['gmail.*', 'outlook.*'] });
    const problems = (result.success ? [] : result.errors).filter((error) => !HARMLESS.some((harmless) => error.includes(harmless.feature)));
    expect(problems).toEqual([]);
  });
});
