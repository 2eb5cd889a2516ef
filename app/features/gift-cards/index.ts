export { GiftCardForm } from './gift-card-form.tsx';
export { OrderGiftCards, useOrderGiftCards } from './order-gift-cards.tsx';
