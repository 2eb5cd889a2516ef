import type { TemplateData, TemplateName } from '../../server/modules/mail/template-registry.ts';
import type { OrderMailData } from '../../server/modules/mail/templates/order-mail-data.ts';

/**
 * One realistic message of every template, for the tests that judge the rendered mail as a whole (client support,
 * headers). Typed by the registry, so a template that changes its data, or a new template, fails to compile here
 * until it has a sample.
 */
const order: OrderMailData = {
  orderNumber: 'DP-20261127-0042',
  customerName: 'Meera Iyer',
  items: [
    { name: 'Dark Poppy', slug: 'dark-poppy', size: '50ml', quantity: 2, unitPricePaise: 189_900, lineTotalPaise: 379_800 },
    { name: 'Arctic Paradise', slug: 'arctic-paradise', size: '10ml', quantity: 1, unitPricePaise: 69_900, lineTotalPaise: 69_900 },
  ],
  subtotalPaise: 449_700,
  discountPaise: 44_970,
  couponCode: 'SAMHAIN10',
  totalPaise: 404_730,
  shippingAddress: { street: '12 Lavelle Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India' },
  estimatedDelivery: '2026-12-02T06:30:00.000Z',
};
const codOrder: OrderMailData = { ...order, codFeePaise: 4_900, totalPaise: order.totalPaise + 4_900 };
/** A wrapped gift with a card: the wrap is a charge of the bill, the message has a line break. */
const giftOrder: OrderMailData = {
  ...order,
  charges: [{ kind: 'gift-wrap', label: 'Gift wrap', amountPaise: 9_900 }],
  totalPaise: order.totalPaise + 9_900,
  gift: { wrap: true, recipientName: 'Ananya Rao', message: 'Happy Diwali, Ananya!\nMay the lamps light every corner. — Meera' },
};
const shipment = { ...order, carrier: 'Blue Dart', trackingNumber: 'BD123456789IN' };
/** Gift cards bought alone: no goods, no address, a bill of nothing; the cards are collected outside it. */
export const GIFT_CARDS_ALONE_ORDER: OrderMailData = {
  orderNumber: 'DP-20261127-0043',
  customerName: 'Meera Iyer',
  items: [],
  subtotalPaise: 0,
  discountPaise: 0,
  couponCode: null,
  totalPaise: 0,
  shippingAddress: null,
  estimatedDelivery: null,
  vouchersPaise: 250_000,
  giftCards: [
    { amountPaise: 200_000, recipientName: 'Ananya Rao', deliverOn: '2026-11-08', lastFour: 'K7QX' },
    { amountPaise: 50_000, recipientName: 'Kabir', deliverOn: '2026-11-09', lastFour: 'M2PD' },
  ],
};

export const EMAIL_SAMPLES: { [Name in TemplateName]: TemplateData<Name> } = {
  'order-confirmation': giftOrder,
  'order-cancelled': { ...order, refundDuePaise: order.totalPaise },
  'payment-failed': { customerName: order.customerName, amountPaise: order.totalPaise, reason: 'The bank declined the payment' },
  'order-shipped': shipment,
  'order-out-for-delivery': shipment,
  'order-delivered': shipment,
  'review-request': order,
  'refund-issued': { ...order, refundPaise: 189_900 },
  'delivery-failed': {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    courierName: 'Delhivery Surface',
    awb: '19041424751540',
    reason: 'Consignee unavailable',
    attempt: 1,
  },
  'return-update': {
    orderNumber: order.orderNumber,
    customerName: order.customerName,
    statusName: 'Approved — awaiting pickup',
    message: 'Our courier will collect the bottle within two days.',
    refundPaise: 189_900,
  },
  'newsletter-confirm': { confirmUrl: 'https://deosilperfumes.in/newsletter/confirm?token=abc' },
  'contact-acknowledgement': {
    ticketNumber: 'DP-7K3M-Q9XA',
    statusUrl: 'https://deosilperfumes.in/grievances?ticket=DP-7K3M-Q9XA',
    officer: { name: 'Ishaan Rao', designation: 'Grievance Officer', email: 'grievances@deosilperfumes.in', phone: '+91 80 4000 0000' },
  },
  'contact-copy': { name: 'Meera Iyer', email: 'meera@example.in', subject: 'Gift wrapping', message: 'Can you wrap two bottles for Diwali?\nThank you.' },
  'low-stock-digest': {
    day: '2026-11-27',
    products: [
      { name: 'Dark Poppy', inventory: 0 },
      { name: 'Chrysalis', inventory: 3 },
    ],
  },
  'welcome-verify-email': { name: 'Meera Iyer', verifyPath: '/verify-email?token=abc' },
  'verify-email': { name: 'Meera Iyer', verifyPath: '/verify-email?token=abc' },
  'password-reset': { name: 'Meera Iyer', resetPath: '/reset-password?token=abc' },
  'sign-in-link': { signInPath: '/sign-in?token=abc' },
  'staff-invitation': { name: 'Kabir Das', invitedBy: 'Meera Iyer', roleName: 'Fulfilment', acceptPath: '/admin/invitation?token=abc' },
  'password-changed': { name: 'Meera Iyer', changedAt: '2026-11-27T06:00:00.000Z' },
  'email-changed': { name: 'Meera Iyer', newEmail: 'meera.new@example.in', changedAt: '2026-11-27T06:00:00.000Z' },
  'back-in-stock': { productName: 'Dark Poppy', slug: 'dark-poppy', size: '50ml', pricePaise: 189_900 },
  'gift-receipt': {
    orderNumber: 'DP-20261127-0042',
    recipientName: 'Ira',
    senderName: 'Meera Iyer',
    message: 'Happy Diwali!\nWear it to the lamps.',
    items: [{ name: 'Dark Poppy', size: '50ml', quantity: 1 }],
    carrier: 'Delhivery',
    trackingNumber: 'DL123456789IN',
  },
  'wishlist-alert': { news: 'price-drop', productName: 'Dark Poppy', slug: 'dark-poppy', pricePaise: 149_900, previousPricePaise: 189_900 },
  'cod-placed': { ...codOrder, confirmUrl: 'https://deosilperfumes.in/confirm-cod?order=DP-20261127-0042&token=abc', confirmBy: '2026-11-28T06:00:00.000Z' },
  'cod-confirmed': codOrder,
  'cod-not-confirmed': codOrder,
  'cod-cancelled': codOrder,
  'gift-card-delivery': {
    recipientName: 'Meera',
    fromName: 'Ananya Rao',
    message: 'Happy Diwali!\nMay your shelves glow.',
    amountPaise: 2000_00,
    code: 'K7PD-3QXM-9HTV-W7XZ',
    expiresAt: '2027-11-27T10:00:00.000Z',
  },
  'gift-card-refunded': { customerName: 'Ananya Rao', orderNumber: 'DP-20261127-0042', amountPaise: 2000_00, lastFour: 'W7XZ', recipientName: 'Meera', codeSent: false },
  'gift-card-expiring': { recipientName: 'Ananya Rao', lastFour: 'W7XZ', balancePaise: 350_00, expiresAt: '2027-11-27T10:00:00.000Z' },
  'cart-reminder': {
    customerName: 'Meera Iyer',
    step: 'second',
    cause: 'cart',
    lines: [{ name: 'Dark Poppy', size: '50ml', quantity: 2, unitPricePaise: 189_900 }],
    restoreUrl: 'https://shop.deosil.example/cart/restore?token=Zm9yLXRoZS1zYW1wbGUtb25seS0wMTIzNDU2Nzg5YWJj',
    promotion: { code: 'COMEBACK10', name: '10% off your cart' },
  },
};
