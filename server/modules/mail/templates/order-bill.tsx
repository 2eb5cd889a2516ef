import { Text } from '@react-email/components';
import { billLines } from '../../../../domain/bill-lines.ts';
import { formatDeliveryDay } from '../../../../domain/delivery-promise.ts';
import { formatPaise } from '../../../../domain/money.ts';
import { CardMessage } from './card-message.tsx';
import { colours, DetailRows, mutedStyle, textStyle } from './email-layout.tsx';
import { addressLines, mailBillSummary, type OrderMailData } from './order-mail-data.ts';

/**
 * An order's bill as its e-mails show it: the potions, then the bill's rows as every bill prints them
 * (domain/bill-lines.ts), with the total under the label that says how it is paid. `cashDue`: the rest is paid in
 * cash, so what gift cards and store credit paid shows under the total and `totalLabel` names what is left.
 */
export function OrderBill({ order, totalLabel, cashDue = false }: { order: OrderMailData; totalLabel: string; cashDue?: boolean }) {
  const paidWithBalancesPaise = cashDue ? (order.balancesPaise ?? 0) : 0;
  const rows = paidWithBalancesPaise > 0 ? billLines({ ...mailBillSummary(order), paidWithBalancesPaise }, { dueLabel: totalLabel }) : billLines(mailBillSummary(order), { totalLabel });
  return (
    <>
      <DetailRows
        rows={order.items.map((item) => [`${item.name} · ${item.size} × ${item.quantity} (${formatPaise(item.unitPricePaise)} each)`, formatPaise(item.lineTotalPaise)] as const)}
      />
      <DetailRows strongLast rows={rows.map((row) => [row.label, row.text] as const)} />
    </>
  );
}

/** When the order arrives (where a day was promised) and the address it goes to. */
export function OrderDelivery({ order }: { order: OrderMailData }) {
  return (
    <>
      {order.estimatedDelivery ? <DetailRows rows={[['Arrives by', formatDeliveryDay(new Date(order.estimatedDelivery))]]} /> : null}
      {order.shippingAddress ? (
        <>
          <Text style={{ ...textStyle, margin: '0 0 4px', color: colours.gold }}>Delivering to</Text>
          <Text style={mutedStyle}>
            {addressLines(order.shippingAddress).map((line, index) => (
              <span key={index}>
                {line}
                <br />
              </span>
            ))}
          </Text>
        </>
      ) : null}
      {order.gift ? <GiftDetailsBlock gift={order.gift} /> : null}
      {order.giftCards?.length ? <GiftCardsBought cards={order.giftCards} /> : null}
    </>
  );
}

/**
 * The gift cards the order bought: each one's amount, recipient, the day it is e-mailed and its last four (the
 * whole code goes only to the recipient). No part of the bill: a voucher's sale is not a supply (decision 0074).
 */
export function GiftCardsBought({ cards }: { cards: NonNullable<OrderMailData['giftCards']> }) {
  return (
    <>
      <Text style={{ ...textStyle, margin: '12px 0 4px', color: colours.gold }}>{cards.length === 1 ? 'Gift card bought' : 'Gift cards bought'}</Text>
      <DetailRows
        rows={cards.map(
          (card) => [`For ${card.recipientName} · e-mailed ${formatDeliveryDay(card.deliverOn)}${card.lastFour ? ` · ends ${card.lastFour}` : ''}`, formatPaise(card.amountPaise)] as const,
        )}
      />
    </>
  );
}

/** The gift as the buyer chose it: the parcel's recipient, the wrap and the card's words (the slip prints no prices). */
function GiftDetailsBlock({ gift }: { gift: NonNullable<OrderMailData['gift']> }) {
  return (
    <>
      <Text style={{ ...textStyle, margin: '12px 0 4px', color: colours.gold }}>{gift.recipientName ? `A gift for ${gift.recipientName}` : 'A gift'}</Text>
      <Text style={mutedStyle}>{gift.wrap ? 'Gift wrapped. ' : ''}The packing slip in the parcel shows no prices; your invoice comes to you.</Text>
      {gift.message ? <CardMessage message={gift.message} style={mutedStyle} /> : null}
    </>
  );
}
