import { DispatchPage } from '../features/admin-shipments/dispatch-page.tsx';

export function meta() {
  return [{ title: 'Shipments | Deosil Admin' }];
}

export default function AdminShipments() {
  return <DispatchPage />;
}
