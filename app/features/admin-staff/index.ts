/** The owner's staff screen and the page an invitation's link opens. */
export { InvitationPage } from './invitation-page.tsx';
export { StaffAdminPage } from './staff-admin-page.tsx';
