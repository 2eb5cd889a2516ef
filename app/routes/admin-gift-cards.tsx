import { GiftCardsAdminPage } from '../features/admin-gift-cards/gift-cards-admin-page.tsx';

export function meta() {
  return [{ title: 'Gift cards & credit | Deosil Admin' }];
}

export default function AdminGiftCards() {
  return <GiftCardsAdminPage />;
}
