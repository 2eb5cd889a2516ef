import { refundMadeText, refundPartsOf, refundTouchesBalances } from '../../../../domain/balances.ts';
import { formatPaise } from '../../../../domain/money.ts';
import { ActionButton, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { orderUrl, type OrderMailData } from './order-mail-data.ts';

/**
 * `refundPaise`: this refund (absent in older messages: the whole total). `transfer`: the shop paid it by UPI or
 * bank transfer (cash collected on delivery), with the transfer's UTR for the customer to find it in their bank.
 * `toBalancesPaise`: the part of the refund that went back onto the gift cards and store credit that paid
 * (docs/decisions/0068, 0087); `toStoreCreditPaise`: the part put onto the customer's store credit at their choice
 * (decision 0075). Each said as such and left out of what the card or the transfer carries.
 */
export type RefundIssuedData = OrderMailData & { refundPaise?: number; transfer?: { method: string; reference: string }; toBalancesPaise?: number; toStoreCreditPaise?: number };

export const refundIssued = defineTemplate<RefundIssuedData>({
  subject: (order) => (order.transfer ? `Refund sent for order ${order.orderNumber}` : `Refund issued for order ${order.orderNumber}`),
  body: (order, { shopUrl }) => {
    const refundPaise = order.refundPaise ?? order.totalPaise;
    const ontoPaise = Math.min(order.toBalancesPaise ?? 0, refundPaise);
    const onto = formatPaise(ontoPaise);
    const amount = formatPaise(refundPaise - ontoPaise);
    const ontoText = ontoPaise > 0 ? `${onto} is back on the gift cards and store credit you paid with.` : null;
    const ontoRows: [string, string][] = ontoPaise > 0 ? [['Onto gift cards and store credit', onto]] : [];
    if (order.transfer) {
      return (
        <EmailLayout preview={`${amount} sent by ${order.transfer.method}, UTR ${order.transfer.reference}.`} heading="Your refund is sent" shopUrl={shopUrl}>
          <Paragraph>
            Dear {order.customerName}, we have sent your refund of {amount} for order {order.orderNumber} by {order.transfer.method}. It is usually in your account at once; your bank
            statement shows it with the reference below.
          </Paragraph>
          {ontoText ? <Paragraph>{ontoText}</Paragraph> : null}
          <DetailRows
            strongLast
            rows={[
              ['Order', order.orderNumber],
              ['Paid by', order.transfer.method],
              ['UTR', order.transfer.reference],
              ...(ontoPaise > 0 ? ([['Sent', amount], ...ontoRows] as [string, string][]) : []),
              ['Refunded', formatPaise(refundPaise)],
            ]}
          />
          <Paragraph>If it has not arrived within 2 working days, reply to this e-mail with the UTR and we will trace it with our bank.</Paragraph>
          <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
        </EmailLayout>
      );
    }
    const parts = refundPartsOf(refundPaise, order);
    if (parts.moneyPaise > 0 && refundTouchesBalances(parts)) {
      // Part to the card, part onto balances: each said with its amount (the split as the refund made it).
      return (
        <EmailLayout preview={`${formatPaise(parts.moneyPaise)} is on its way back to your card.`} heading="Your refund is on its way" shopUrl={shopUrl}>
          <Paragraph>
            Dear {order.customerName}, {refundMadeText(order.orderNumber, parts)}
          </Paragraph>
          <DetailRows strongLast rows={[['Order', order.orderNumber], ...partRows(parts), ['Refunded', formatPaise(refundPaise)]]} />
          <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
        </EmailLayout>
      );
    }
    if (parts.toStoreCreditPaise > 0) {
      // The customer chose store credit: nothing goes to the card, and what the balances that paid got back is said apart.
      return (
        <EmailLayout preview={`${formatPaise(refundPaise)} is on your store credit and balances now.`} heading="Your refund is on your store credit" shopUrl={shopUrl}>
          <Paragraph>
            Dear {order.customerName}, {refundMadeText(order.orderNumber, parts)}
          </Paragraph>
          <DetailRows strongLast rows={[['Order', order.orderNumber], ...(parts.toBalancesPaise > 0 ? partRows(parts) : []), ['Refunded', formatPaise(refundPaise)]]} />
          <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
        </EmailLayout>
      );
    }
    if (ontoPaise > 0 && ontoPaise === refundPaise) {
      return (
        <EmailLayout preview={`${onto} is back on your gift cards and store credit.`} heading="Your refund is back on your balance" shopUrl={shopUrl}>
          <Paragraph>
            Dear {order.customerName}, we have put {onto} for order {order.orderNumber} back on the gift cards and store credit you paid with. You can spend it on your next order at once.
          </Paragraph>
          <DetailRows
            strongLast
            rows={[
              ['Order', order.orderNumber],
              ['Refunded', onto],
            ]}
          />
          <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
        </EmailLayout>
      );
    }
    // All of it back to the card.
    return (
      <EmailLayout preview={`${amount} is on its way back to your card.`} heading="Your refund is on its way" shopUrl={shopUrl}>
        <Paragraph>
          Dear {order.customerName}, we have refunded {amount} for order {order.orderNumber} to the card you paid with. Banks usually take 5–7 working days to show it.
        </Paragraph>
        <DetailRows
          strongLast
          rows={[
            ['Order', order.orderNumber],
            ['Refunded', formatPaise(refundPaise)],
          ]}
        />
        <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>View your order</ActionButton>
      </EmailLayout>
    );
  },
});

/** The receipt's rows of a refund's parts that are not nothing. */
function partRows(parts: ReturnType<typeof refundPartsOf>): [string, string][] {
  const rows: [string, string][] = [
    ['To your card', formatPaise(parts.moneyPaise)],
    ['Onto your store credit', formatPaise(parts.toStoreCreditPaise)],
    ['Onto gift cards and store credit', formatPaise(parts.toBalancesPaise)],
  ];
  return rows.filter((_, index) => [parts.moneyPaise, parts.toStoreCreditPaise, parts.toBalancesPaise][index]! > 0);
}
