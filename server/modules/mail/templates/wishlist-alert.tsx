import { Text } from '@react-email/components';
import { formatPaise } from '../../../../domain/money.ts';
import type { WishlistNews } from '../../../../domain/wishlist.ts';
import { ActionButton, EmailLayout, MailLink, mutedStyle, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';

export interface WishlistAlertMailData {
  news: WishlistNews;
  productName: string;
  slug: string;
  /** Its lowest price now, and before the drop (null when it simply came back). */
  pricePaise: number;
  previousPricePaise: number | null;
}

/** The one e-mail a saved potion with alerts on gets for each drop in price or return to stock. */
export const wishlistAlert = defineTemplate<WishlistAlertMailData>({
  subject: (data) => (data.news === 'price-drop' ? `${data.productName} is now ${formatPaise(data.pricePaise)}` : `${data.productName} is back on our shelves`),
  body: (data, { shopUrl }) => (
    <EmailLayout
      preview={data.news === 'price-drop' ? `A potion on your wishlist costs less today.` : `A potion on your wishlist has returned.`}
      heading={data.news === 'price-drop' ? `${data.productName} costs less today` : `${data.productName} has returned`}
      shopUrl={shopUrl}
    >
      <Paragraph>
        {data.news === 'price-drop'
          ? `You saved ${data.productName} to your wishlist and asked us to tell you when its price fell. It has.`
          : `You saved ${data.productName} to your wishlist and asked us to tell you when it returned. It is on our shelves again, in small batches as ever.`}
      </Paragraph>
      <Paragraph>
        From {formatPaise(data.pricePaise)}
        {data.previousPricePaise !== null ? `, was ${formatPaise(data.previousPricePaise)}` : ''}
      </Paragraph>
      <ActionButton href={`${shopUrl}/products/${encodeURIComponent(data.slug)}`}>See {data.productName}</ActionButton>
      <Text style={mutedStyle}>
        You get this because alerts are on for this potion.{' '}
        <MailLink href={`${shopUrl}/wishlist`}>Turn them off on your wishlist</MailLink>
        .
      </Text>
    </EmailLayout>
  ),
});
