import { AnalyticsAdminPage } from '../features/admin-analytics/analytics-admin-page.tsx';

export function meta() {
  return [{ title: 'Analytics | Deosil Admin' }];
}

export default function AdminAnalytics() {
  return <AnalyticsAdminPage />;
}
