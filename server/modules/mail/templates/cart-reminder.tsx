import { Text } from '@react-email/components';
import { MAILING_LISTS } from '../../../../domain/mailing-lists.ts';
import { formatPaise } from '../../../../domain/money.ts';
import { ActionButton, DetailRows, EmailLayout, MailLink, mutedStyle, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';

export interface CartReminderMailData {
  customerName: string;
  step: 'first' | 'second';
  /** What was left: a cart, or a payment that was started and not finished. */
  cause: 'cart' | 'checkout';
  lines: { name: string; size: string; quantity: number; unitPricePaise: number }[];
  /** Opens the shop with these potions back in the cart, on any device. */
  restoreUrl: string;
  /** The second reminder's offer, when the settings chose one. */
  promotion: { code: string; name: string } | null;
}

const heading = (data: CartReminderMailData) =>
  data.step === 'second' ? 'Your potions are still waiting' : data.cause === 'checkout' ? 'Your payment was not finished' : 'You left potions in your cart';

/** The abandoned-checkout reminder: an hour after (first) and a day after (second), with a link that restores the cart. */
export const cartReminder = defineTemplate<CartReminderMailData>({
  subject: (data) => (data.promotion ? `${heading(data)}, and ${data.promotion.code} is yours` : heading(data)),
  body: (data, { shopUrl, unsubscribeUrl }) => (
    <EmailLayout
      preview={data.lines.map((line) => line.name).join(', ')}
      heading={heading(data)}
      shopUrl={shopUrl}
      footer={
        unsubscribeUrl ? (
          <Text style={{ ...mutedStyle, margin: '0 0 8px' }}>
            You receive {MAILING_LISTS['cart-reminders'].name} because you left potions in your cart while signed in.{' '}
            <MailLink href={unsubscribeUrl}>Unsubscribe from {MAILING_LISTS['cart-reminders'].name}</MailLink>
          </Text>
        ) : undefined
      }
    >
      <Paragraph>
        Dear {data.customerName},{' '}
        {data.cause === 'checkout' ? 'you began to pay for these potions and did not finish.' : 'you chose these potions and left them in your cart.'} We kept them
        for you:
      </Paragraph>
      <DetailRows rows={data.lines.map((line) => [`${line.name} (${line.size}) × ${line.quantity}`, formatPaise(line.unitPricePaise * line.quantity)] as const)} />
      {data.promotion ? (
        <Paragraph>
          For your return: {data.promotion.name}. Enter {data.promotion.code} at checkout.
        </Paragraph>
      ) : null}
      <ActionButton href={data.restoreUrl}>Return to your cart</ActionButton>
      <Text style={mutedStyle}>Prices and stock are checked again when you open your cart. The link works for 7 days, on any device.</Text>
    </EmailLayout>
  ),
});
