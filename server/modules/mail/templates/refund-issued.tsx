import { formatPaise } from '../../../../domain/money.ts';
import { ActionButton, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { orderUrl, type OrderMailData } from './order-mail-data.ts';

/**
 * `refundPaise`: this refund (absent in older messages: the whole total). `transfer`: the shop paid it by UPI or
 * bank transfer (cash collected on delivery), with the transfer's UTR for the customer to find it in their bank.
 */
export type RefundIssuedData = OrderMailData & { refundPaise?: number; transfer?: { method: string; reference: string } };

export const refundIssued = defineTemplate<RefundIssuedData>({
  subject: (order) => (order.transfer ? `Refund sent for order ${order.orderNumber}` : `Refund issued for order ${order.orderNumber}`),
  body: (order, { shopUrl }) => {
    const amount = formatPaise(order.refundPaise ?? order.totalPaise);
    if (order.transfer) {
      return (
        <EmailLayout preview={`${amount} sent by ${order.transfer.method}, UTR ${order.transfer.reference}.`} heading="Your refund is sent" shopUrl={shopUrl}>
          <Paragraph>
            Dear {order.customerName}, we have sent your refund of {amount} for order {order.orderNumber} by {order.transfer.method}. It is usually in your account at once; your bank
            statement shows it with the reference below.
          </Paragraph>
          <DetailRows
            strongLast
            rows={[
              ['Order', order.orderNumber],
              ['Paid by', order.transfer.method],
              ['UTR', order.transfer.reference],
              ['Refunded', amount],
            ]}
          />
          <Paragraph>If it has not arrived within 2 working days, reply to this e-mail with the UTR and we will trace it with our bank.</Paragraph>
          <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
        </EmailLayout>
      );
    }
    return (
      <EmailLayout preview={`${amount} is on its way back to your card.`} heading="Your refund is on its way" shopUrl={shopUrl}>
        <Paragraph>
          Dear {order.customerName}, we have refunded {amount} for order {order.orderNumber} to the card you paid with. Banks usually take 5–7 working days to show it.
        </Paragraph>
        <DetailRows strongLast rows={[['Order', order.orderNumber], ['Refunded', amount]]} />
        <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
      </EmailLayout>
    );
  },
});
