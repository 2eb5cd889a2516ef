import { Text } from '@react-email/components';
import { MAILING_LISTS } from '../../../../domain/mailing-lists.ts';
import { EmailLayout, MailLink, mutedStyle, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import type { OrderMailData } from './order-mail-data.ts';

/** Where a potion's review form is: its page's testimonials section. */
export function reviewFormUrl(shopUrl: string, slug: string): string {
  return `${shopUrl}/products/${encodeURIComponent(slug)}#spell-testimonials`;
}

export const reviewRequest = defineTemplate<OrderMailData>({
  subject: (order) => `How are your potions from ${order.orderNumber} working?`,
  body: (order, { shopUrl, unsubscribeUrl }) => {
    const potions = [...new Map(order.items.map((item) => [item.slug, item.name])).entries()];
    return (
      <EmailLayout
        preview="A week with your potions: tell other seekers what they did for you."
        heading="How is the magic working?"
        shopUrl={shopUrl}
        footer={
          unsubscribeUrl ? (
            <Text style={{ ...mutedStyle, margin: '0 0 8px' }}>
              You receive {MAILING_LISTS['review-requests'].name} because you ordered from us.{' '}
              <MailLink href={unsubscribeUrl}>Unsubscribe from {MAILING_LISTS['review-requests'].name}</MailLink>
            </Text>
          ) : undefined
        }
      >
        <Paragraph>
          Dear {order.customerName}, your order {order.orderNumber} arrived a week ago. Other seekers choose by what customers say: would you tell them how your
          potions worked?
        </Paragraph>
        {potions.map(([slug, name]) => (
          <Paragraph key={slug}>
            <MailLink href={reviewFormUrl(shopUrl, slug)} style={{ textDecoration: 'underline' }}>
              Review {name}
            </MailLink>
          </Paragraph>
        ))}
      </EmailLayout>
    );
  },
});
