import { ActionButton, EmailLayout, mutedStyle, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { Text } from '@react-email/components';
import { formatPaise } from '../../../../domain/money.ts';

export interface BackInStockMailData {
  productName: string;
  slug: string;
  /** The size waited for; '' when any size of the potion. */
  size: string;
  /** Today's price of that size (or of the potion), for the line under the heading. */
  pricePaise: number;
}

/** The one e-mail a waitlist entry gets when its potion (size) is restocked. */
export const backInStock = defineTemplate<BackInStockMailData>({
  subject: (data) => `${data.productName}${data.size ? ` (${data.size})` : ''} has returned`,
  body: (data, { shopUrl }) => (
    <EmailLayout
      preview={`${data.productName} is back on our shelves, while it lasts.`}
      heading={`${data.productName} has returned`}
      shopUrl={shopUrl}
    >
      <Paragraph>
        You asked us to tell you when {data.productName}
        {data.size ? ` in ${data.size}` : ''} returned from the dark. It is on our shelves again, in small batches as ever.
      </Paragraph>
      <Paragraph>
        {data.size || 'From'} {formatPaise(data.pricePaise)}
      </Paragraph>
      <ActionButton href={`${shopUrl}/products/${encodeURIComponent(data.slug)}`}>See {data.productName}</ActionButton>
      <Text style={mutedStyle}>This is the only e-mail you will get about it: you asked once, we tell you once.</Text>
    </EmailLayout>
  ),
});
