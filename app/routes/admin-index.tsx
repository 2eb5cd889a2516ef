import { Navigate } from 'react-router';
import { homeFor, useAdminSession } from '../features/admin/index.ts';

/** /admin opens the first screen the signed-in staff member's role allows (the layout has loaded the session). */
export default function AdminIndex() {
  const admin = useAdminSession((state) => state.admin);
  return <Navigate to={homeFor(admin?.permissions ?? [])} replace />;
}
