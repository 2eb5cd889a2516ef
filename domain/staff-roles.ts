/**
 * Who in the back office may do what (docs/decisions/0062). A permission is one capability, named
 * `area.verb`; a role is a named set of them. The five built-in roles live here, in code, so a new permission
 * reaches them with a deploy and no migration; the owner's own roles are rows of `staff_roles`.
 */

export const PERMISSIONS = {
  'orders.read': 'See orders, their parcels and returns',
  'orders.fulfil': 'Pack and ship: order status, tracking, parcels, pickups, labels, cash collected, parcels back',
  'orders.refund': 'Refund orders and returns, and record offline refunds as paid (up to the support limit without refunds.unlimited)',
  'refunds.unlimited': 'Refund any amount, above the support refund limit',
  'returns.approve': 'Approve or reject return requests',
  'returns.receive': 'Record returned parcels as received',
  'products.write': 'Create, change and archive potions, their stock and pictures',
  'promotions.write': 'Festivals and promotions',
  'balances.manage': 'Issue and void gift cards, and grant goodwill store credit',
  'reviews.moderate': 'Approve, reject and delete reviews',
  'customers.read': "See customer accounts, the e-mails and texts the shop sent, newsletter subscribers",
  'customers.manage': 'Suspend or reactivate customer accounts',
  'customers.erase': "Erase a customer's account on their written request",
  'notifications.send': 'Send notifications to customers',
  'tickets.manage': 'Read contact messages and move complaint tickets on',
  'tax.read': 'GST reports and their CSV exports',
  'reports.read': 'The dashboard figures and sales analytics',
  'staff.manage': 'Invite staff, change their roles, suspend and remove them, make roles',
  'settings.write': 'Shipping zones and holidays, backups, the two-factor rule and the support refund limit',
  'audit.read': 'The audit log',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export const isPermission = (value: string): value is Permission => Object.hasOwn(PERMISSIONS, value);

export const BUILT_IN_ROLE_KEYS = ['owner', 'manager', 'fulfilment', 'support', 'accountant'] as const;
export type BuiltInRoleKey = (typeof BUILT_IN_ROLE_KEYS)[number];

export interface StaffRole {
  key: string;
  name: string;
  permissions: readonly Permission[];
  builtIn: boolean;
}

const all = PERMISSION_NAMES;

export const BUILT_IN_ROLES: Record<BuiltInRoleKey, StaffRole> = {
  owner: { key: 'owner', name: 'Owner', builtIn: true, permissions: all },
  manager: { key: 'manager', name: 'Manager', builtIn: true, permissions: all.filter((p) => p !== 'staff.manage' && p !== 'settings.write') },
  fulfilment: { key: 'fulfilment', name: 'Fulfilment', builtIn: true, permissions: ['orders.read', 'orders.fulfil', 'returns.receive'] },
  // Refunds up to the owner's support limit: above it the refund needs refunds.unlimited (a manager).
  support: {
    key: 'support',
    name: 'Support',
    builtIn: true,
    permissions: ['orders.read', 'customers.read', 'notifications.send', 'tickets.manage', 'returns.approve', 'orders.refund'],
  },
  accountant: { key: 'accountant', name: 'Accountant', builtIn: true, permissions: ['orders.read', 'tax.read', 'reports.read'] },
};

export const isBuiltInRole = (key: string): key is BuiltInRoleKey => (BUILT_IN_ROLE_KEYS as readonly string[]).includes(key);

/** A custom role's key: lower-case letters, digits and hyphens, never a built-in's. */
export const CUSTOM_ROLE_KEY = /^[a-z][a-z0-9-]{1,39}$/;

/** The permissions a role grants; stored permissions that this code no longer knows are dropped. */
export function permissionsOf(roleKey: string, customPermissions: readonly string[] | null | undefined): Permission[] {
  if (isBuiltInRole(roleKey)) return [...BUILT_IN_ROLES[roleKey].permissions];
  return (customPermissions ?? []).filter(isPermission);
}

/**
 * Nobody hands out more than they hold: a role may be given (to oneself or another) only by someone holding
 * every permission in it, so a staff manager cannot make an owner out of themselves or a friend. The missing
 * permissions, empty when the grant is allowed.
 */
export function missingForGrant(granter: readonly Permission[], granted: readonly Permission[]): Permission[] {
  const held = new Set(granter);
  return granted.filter((permission) => !held.has(permission));
}

/**
 * The refund rule of item 5: a refund above the support limit needs refunds.unlimited, whoever moves it. Amounts
 * in paise. Only what the amount adds: the action's own permission (orders.refund, or returns.receive for a
 * received return, whose refund goes out on receipt) is its route's to require.
 */
export function refundNeeds(amountPaise: number, supportLimitPaise: number): Permission[] {
  return amountPaise > supportLimitPaise ? ['refunds.unlimited'] : [];
}

/** Each action on a return, and the permission it needs: support approves, the packer receives. */
export const RETURN_ACTION_PERMISSION: Record<'approve' | 'reject' | 'receive' | 'retry-refund', Permission> = {
  approve: 'returns.approve',
  reject: 'returns.approve',
  receive: 'returns.receive',
  'retry-refund': 'orders.refund',
};

/** The actions on a return that send its refund: receiving it (the refund goes out on receipt) and retrying it. */
export const RETURN_ACTIONS_THAT_REFUND: readonly (keyof typeof RETURN_ACTION_PERMISSION)[] = ['receive', 'retry-refund'];

/** The built-in roles that grant `permission`; custom roles are the database's to answer. */
export function builtInRolesGranting(permission: Permission): BuiltInRoleKey[] {
  return BUILT_IN_ROLE_KEYS.filter((key) => BUILT_IN_ROLES[key].permissions.includes(permission));
}

/** Until the owner sets one, support may refund up to ₹2,000 without a manager. */
export const DEFAULT_SUPPORT_REFUND_LIMIT_PAISE = 2_000_00;
