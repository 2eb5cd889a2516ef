import { formatPaise } from '../../../../domain/money.ts';
import { statusInfo } from '../../../../domain/orders.ts';
import { ActionButton, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { orderUrl, type OrderMailData } from './order-mail-data.ts';

/**
 * `refundDuePaise`: what the order still owes (a return may have been refunded before); absent in messages
 * enqueued before it was added, which owed the whole total. `refundByTransfer`: the customer paid in cash on
 * delivery, so there is no card to refund to and the shop transfers the money to their UPI ID or bank account.
 * `refundToBalancesPaise`: the part of it that goes back onto the gift cards and store credit that paid
 * (docs/decisions/0087), never promised as a transfer.
 */
export type OrderCancelledData = OrderMailData & { refundDuePaise?: number; refundByTransfer?: boolean; refundToBalancesPaise?: number };

/** A paid order that cannot stand (an admin cancelled it, or stock ran out while the customer paid). */
export const orderCancelled = defineTemplate<OrderCancelledData>({
  subject: (order) => `Order ${order.orderNumber}: ${statusInfo('cancelled').label}`,
  body: (order, { shopUrl }) => {
    const duePaise = order.refundDuePaise ?? order.totalPaise;
    const due = formatPaise(duePaise);
    const ontoPaise = Math.min(order.refundToBalancesPaise ?? 0, duePaise);
    const onto = formatPaise(ontoPaise);
    const transfer = formatPaise(duePaise - ontoPaise);
    const transferring = order.refundByTransfer && duePaise > ontoPaise;
    return (
      <EmailLayout preview={`Order ${order.orderNumber} is cancelled; ${due} will be refunded.`} heading={statusInfo('cancelled').label} shopUrl={shopUrl}>
        {order.refundByTransfer && !transferring ? (
          <Paragraph>
            Dear {order.customerName}, your order {order.orderNumber} has been cancelled. Its refund of {onto} goes back onto the gift cards and store credit you paid with, and we will write
            again when it is there.
          </Paragraph>
        ) : transferring ? (
          <>
            <Paragraph>
              Dear {order.customerName}, your order {order.orderNumber} has been cancelled. You paid in cash on delivery, so we will transfer your refund of {transfer} to your UPI ID or bank
              account.
              {ontoPaise > 0 ? ` The other ${onto}, which gift cards and store credit paid, goes back onto them when we send it.` : ''}
            </Paragraph>
            <Paragraph>Add the UPI ID to send it to on your order's page; we will write again with the transfer's reference (UTR) as soon as it is sent.</Paragraph>
          </>
        ) : (
          <Paragraph>
            Dear {order.customerName}, your order {order.orderNumber} has been cancelled. A refund of {due} will go back to the card you paid with, and we will write again as soon as it
            is issued.
          </Paragraph>
        )}
        <DetailRows
          strongLast
          rows={[
            ['Order', order.orderNumber],
            ...(transferring && ontoPaise > 0
              ? ([
                  ['To your UPI ID or bank', transfer],
                  ['Onto gift cards and store credit', onto],
                ] as [string, string][])
              : []),
            ['Refund due', due],
          ]}
        />
        <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>{transferring ? 'Add your UPI ID' : 'View your order'}</ActionButton>
      </EmailLayout>
    );
  },
});
