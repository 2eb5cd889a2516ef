import { formatPaise } from '../../../../domain/money.ts';
import { ActionButton, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';

export interface PaymentFailedData {
  customerName: string;
  amountPaise: number;
  reason: string;
}

export const paymentFailed = defineTemplate<PaymentFailedData>({
  subject: () => 'Your payment did not go through',
  body: (payment, { shopUrl }) => (
    <EmailLayout preview={`Your payment of ${formatPaise(payment.amountPaise)} did not go through; your basket is waiting.`} heading="Your payment did not go through" shopUrl={shopUrl}>
      <Paragraph>
        Dear {payment.customerName}, your payment of {formatPaise(payment.amountPaise)} was not completed ({payment.reason}). No money was taken and no order was
        placed. Your basket is still waiting for you.
      </Paragraph>
      <ActionButton href={`${shopUrl}/checkout`}>Try the payment again</ActionButton>
    </EmailLayout>
  ),
});
