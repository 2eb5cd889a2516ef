import { FestivalsAdminPage } from '../features/admin-festivals/festivals-admin-page.tsx';

export function meta() {
  return [{ title: 'Festivals | Deosil Admin' }];
}

export default function AdminFestivals() {
  return <FestivalsAdminPage />;
}
