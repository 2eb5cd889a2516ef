import { formatPaise } from '../../../../domain/money.ts';
import { statusInfo } from '../../../../domain/orders.ts';
import { ActionButton, DetailRows, EmailLayout, Paragraph } from './email-layout.tsx';
import { defineTemplate } from './email-template.ts';
import { orderUrl, type OrderMailData } from './order-mail-data.ts';

/**
 * `refundDuePaise`: what the order still owes (a return may have been refunded before); absent in messages
 * enqueued before it was added, which owed the whole total. `refundByTransfer`: the customer paid in cash on
 * delivery, so there is no card to refund to and the shop transfers the money to their UPI ID or bank account.
 */
export type OrderCancelledData = OrderMailData & { refundDuePaise?: number; refundByTransfer?: boolean };

/** A paid order that cannot stand (an admin cancelled it, or stock ran out while the customer paid). */
export const orderCancelled = defineTemplate<OrderCancelledData>({
  subject: (order) => `Order ${order.orderNumber}: ${statusInfo('cancelled').label}`,
  body: (order, { shopUrl }) => {
    const due = formatPaise(order.refundDuePaise ?? order.totalPaise);
    return (
      <EmailLayout preview={`Order ${order.orderNumber} is cancelled; ${due} will be refunded.`} heading={statusInfo('cancelled').label} shopUrl={shopUrl}>
        {order.refundByTransfer ? (
          <>
            <Paragraph>
              Dear {order.customerName}, your order {order.orderNumber} has been cancelled. You paid in cash on delivery, so we will transfer your refund of {due} to your UPI ID or
              bank account.
            </Paragraph>
            <Paragraph>Add the UPI ID to send it to on your order's page; we will write again with the transfer's reference (UTR) as soon as it is sent.</Paragraph>
          </>
        ) : (
          <Paragraph>
            Dear {order.customerName}, your order {order.orderNumber} has been cancelled. A refund of {due} will go back to the card you paid with, and we will write again as soon as it
            is issued.
          </Paragraph>
        )}
        <DetailRows strongLast rows={[['Order', order.orderNumber], ['Refund due', due]]} />
        <ActionButton href={orderUrl(shopUrl, order.orderNumber)}>{order.refundByTransfer ? 'Add your UPI ID' : 'View your order'}</ActionButton>
      </EmailLayout>
    );
  },
});
