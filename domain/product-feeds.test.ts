import { describe, expect, it } from 'vitest';
import { escapeXml, feedPrice, feedText, metaFeedCsv, type FeedItem } from './product-feeds.ts';

describe('feed fields', () => {
  it('writes prices in INR with two decimals, from paise, never through floating point', () => {
    expect(feedPrice(149900)).toBe('1499.00 INR');
    expect(feedPrice(127415)).toBe('1274.15 INR');
    expect(feedPrice(5)).toBe('0.05 INR');
    expect(feedPrice(0)).toBe('0.00 INR');
    expect(() => feedPrice(-1)).toThrow(RangeError);
    expect(() => feedPrice(1.5)).toThrow(RangeError);
  });

  it('turns control characters into spaces, keeps markup as text for the writer to escape, and cuts at the limit', () => {
    expect(feedText('Bold\u0007 and\u0000\tbrave\r\n <b>x</b>', 100)).toBe('Bold and brave <b>x</b>');
    expect(escapeXml(feedText('<b>"A" & \'B\'</b>', 100))).toBe('&lt;b&gt;&quot;A&quot; &amp; &apos;B&apos;&lt;/b&gt;');
    expect(feedText('नींद का इत्र '.repeat(50), 20)).toHaveLength(20);
  });

  it('guards CSV cells a spreadsheet would run as a formula', () => {
    const item: FeedItem = {
      id: '1-50ml',
      groupId: '1',
      title: '=HYPERLINK("x")',
      description: 'a, "b"',
      link: 'https://deosil.in/products/x?size=50ml',
      imageLink: null,
      additionalImageLinks: [],
      inStock: false,
      pricePaise: 100,
      salePaise: null,
      saleEffective: null,
      size: '50 ml',
      productType: 'Perfumes > Ritual',
    };
    const row = metaFeedCsv([item], { origin: 'https://deosil.in', brand: 'Deosil', title: 'Deosil', description: '' }).split('\r\n')[1]!;
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain('"a, ""b"""');
    expect(row).toContain('out of stock');
  });
});
