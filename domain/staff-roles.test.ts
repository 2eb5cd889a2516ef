import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, missingForGrant, PERMISSION_NAMES, permissionsOf, refundNeeds, RETURN_ACTION_PERMISSION } from './staff-roles.ts';

describe('built-in roles', () => {
  it('give the owner everything and the manager everything but staff and settings', () => {
    expect(BUILT_IN_ROLES.owner.permissions).toEqual(PERMISSION_NAMES);
    expect(PERMISSION_NAMES.filter((permission) => !BUILT_IN_ROLES.manager.permissions.includes(permission))).toEqual(['staff.manage', 'settings.write']);
  });

  it('keep the packer away from money, customers and the tax report', () => {
    const packer = BUILT_IN_ROLES.fulfilment.permissions;
    for (const permission of ['orders.refund', 'refunds.unlimited', 'customers.read', 'tax.read', 'staff.manage'] as const) expect(packer).not.toContain(permission);
    expect(packer).toEqual(['orders.read', 'orders.fulfil', 'returns.receive']);
  });

  it('let support refund only up to the limit, and the accountant read the tax report but change nothing', () => {
    expect(BUILT_IN_ROLES.support.permissions).toContain('orders.refund');
    expect(BUILT_IN_ROLES.support.permissions).not.toContain('refunds.unlimited');
    expect(BUILT_IN_ROLES.accountant.permissions).toEqual(['orders.read', 'tax.read', 'reports.read']);
  });
});

describe('the rules', () => {
  it('read a custom role from its stored permissions, dropping any this code no longer knows', () => {
    expect(permissionsOf('packer-plus', ['orders.read', 'orders.teleport'])).toEqual(['orders.read']);
    expect(permissionsOf('support', null)).toEqual([...BUILT_IN_ROLES.support.permissions]);
    expect(permissionsOf('deleted-role', null)).toEqual([]);
  });

  it('let nobody hand out a permission they lack', () => {
    expect(missingForGrant(['staff.manage'], BUILT_IN_ROLES.owner.permissions)).toHaveLength(PERMISSION_NAMES.length - 1);
    expect(missingForGrant(BUILT_IN_ROLES.owner.permissions, BUILT_IN_ROLES.support.permissions)).toEqual([]);
  });

  it('ask for refunds.unlimited only above the limit, to the paisa', () => {
    expect(refundNeeds(2_000_00, 2_000_00)).toEqual([]);
    expect(refundNeeds(2_000_01, 2_000_00)).toEqual(['refunds.unlimited']);
  });

  it('give each return action its own permission', () => {
    expect(RETURN_ACTION_PERMISSION).toEqual({ approve: 'returns.approve', reject: 'returns.approve', receive: 'returns.receive', 'retry-refund': 'orders.refund' });
  });
});
