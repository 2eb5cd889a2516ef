export { GiftCardForm } from './gift-card-form.tsx';
export { OrderGiftCards } from './order-gift-cards.tsx';
