import { describe, expect, it } from 'vitest';
import { dataExportHtml } from './data-export-html.ts';

const data = (sections: Record<string, unknown>) => ({ shop: 'Deosil Perfumes', exportedAt: '2026-11-27T06:00:00.000Z', noticeVersion: '2026-11-27', sections });

describe('the data export as a page', () => {
  it('shows each section under its own heading, and an empty one as Nothing', () => {
    const html = dataExportHtml(data({ account: { name: 'Mira' }, contactMessages: [] }));
    expect(html).toContain('<h2>Account</h2>');
    expect(html).toContain('<h2>Contact messages</h2><p class="empty">Nothing.</p>');
  });

  it('escapes what customers typed, so a review cannot run a script in the page', () => {
    const html = dataExportHtml(data({ reviews: [{ comment: '<script>alert("x")</script> & more' }] }));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; more');
  });

  it("draws an order's lines as a table inside its row", () => {
    const html = dataExportHtml(data({ orders: [{ orderNumber: 'DP-1', items: [{ name: 'Valor', quantity: 2 }] }] }));
    expect(html).toMatch(/<td><div class="scroll"><table><thead><tr><th scope="col">name<\/th><th scope="col">quantity<\/th><\/tr><\/thead><tbody><tr><td>Valor<\/td><td>2<\/td><\/tr>/);
  });
});
