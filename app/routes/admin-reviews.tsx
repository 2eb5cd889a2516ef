import { ReviewsAdminPage } from '../features/admin-reviews/reviews-admin-page.tsx';

export function meta() {
  return [{ title: 'Reviews | Deosil Admin' }];
}

export default function AdminReviews() {
  return <ReviewsAdminPage />;
}
