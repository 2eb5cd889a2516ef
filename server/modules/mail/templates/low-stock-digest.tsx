import { ActionButton, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';

export interface LowStockDigestData {
  /** The shop day the digest is for, YYYY-MM-DD. */
  day: string;
  products: { name: string; inventory: number }[];
}

/** The morning list for admins: every potion at or under the low-stock line, sold-out ones first. */
export const lowStockDigest = defineTemplate<LowStockDigestData>({
  subject: (digest) => `Low stock on ${digest.day}: ${digest.products.length} ${digest.products.length === 1 ? 'potion needs' : 'potions need'} brewing`,
  body: (digest, { shopUrl }) => (
    <EmailLayout preview={`${digest.products.filter((product) => product.inventory === 0).length} sold out, ${digest.products.length} low.`} heading="Potions running low" shopUrl={shopUrl}>
      <Paragraph>These potions are at 5 bottles or fewer this morning:</Paragraph>
      <DetailRows rows={digest.products.map((product) => [product.name, product.inventory === 0 ? 'Sold out' : `${product.inventory} left`] as const)} />
      <ActionButton href={`${shopUrl}/admin/products`}>Restock in the back office</ActionButton>
    </EmailLayout>
  ),
});
