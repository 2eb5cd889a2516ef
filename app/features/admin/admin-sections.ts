import type { Permission } from '../../../domain/staff-roles.ts';

export interface AdminSection {
  to: string;
  label: string;
  icon: string;
  /** What the screen needs: the menu shows a section only to staff whose role includes it. */
  permission: Permission;
}

/** The back office's screens, in menu order. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { to: '/admin/dashboard', label: 'Dashboard', icon: '◈', permission: 'reports.read' },
  { to: '/admin/products', label: 'Products', icon: '⚗', permission: 'products.write' },
  { to: '/admin/orders', label: 'Orders', icon: '▣', permission: 'orders.read' },
  { to: '/admin/shipments', label: 'Shipments', icon: '✈', permission: 'orders.read' },
  { to: '/admin/returns', label: 'Returns', icon: '↺', permission: 'orders.read' },
  { to: '/admin/users', label: 'Users', icon: '✦', permission: 'customers.read' },
  // Looking cards up is the screen's least; issuing, voiding, refunding and granting show to those allowed them.
  { to: '/admin/gift-cards', label: 'Gift cards & credit', icon: '❒', permission: 'customers.read' },
  { to: '/admin/reviews', label: 'Reviews', icon: '★', permission: 'reviews.moderate' },
  { to: '/admin/festivals', label: 'Festivals', icon: '☀', permission: 'promotions.write' },
  { to: '/admin/promotions', label: 'Promotions', icon: '❖', permission: 'promotions.write' },
  { to: '/admin/shipping', label: 'Shipping', icon: '➶', permission: 'settings.write' },
  { to: '/admin/analytics', label: 'Analytics', icon: '◔', permission: 'reports.read' },
  { to: '/admin/recovery', label: 'Recovery', icon: '⟲', permission: 'reports.read' },
  { to: '/admin/tax', label: 'Tax', icon: '₹', permission: 'tax.read' },
  { to: '/admin/notifications', label: 'Notifications', icon: '☾', permission: 'notifications.send' },
  { to: '/admin/messages', label: 'Messages', icon: '✉', permission: 'tickets.manage' },
  { to: '/admin/emails', label: 'E-mails', icon: '✧', permission: 'customers.read' },
  { to: '/admin/sms', label: 'Texts', icon: '✆', permission: 'customers.read' },
  { to: '/admin/whatsapp', label: 'WhatsApp', icon: '☏', permission: 'customers.read' },
  { to: '/admin/staff', label: 'Staff', icon: '♛', permission: 'staff.manage' },
  { to: '/admin/search', label: 'Search', icon: '⌕', permission: 'products.write' },
  { to: '/admin/audit', label: 'Audit Log', icon: '☷', permission: 'audit.read' },
];

export const sectionsFor = (permissions: readonly string[]) => ADMIN_SECTIONS.filter((section) => permissions.includes(section.permission));

/** Where a staff member lands after signing in: the first screen their role opens. */
export const homeFor = (permissions: readonly string[]) => sectionsFor(permissions)[0]?.to ?? '/admin/notifications';
