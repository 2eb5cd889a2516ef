import { eq } from 'drizzle-orm';
import { DEFAULT_SUPPORT_REFUND_LIMIT_PAISE } from '../../../domain/staff-roles.ts';
import type { Database } from '../../db/client.ts';
import { staffSettings } from '../../db/schema/index.ts';

export interface StaffRules {
  requireTwoFactor: boolean;
  supportRefundLimitPaise: number;
}

/**
 * The owner's rules for the back office, one row read on each use (so a change holds in every process at once).
 * Two-factor sign-in is required unless the owner says otherwise, except in a demo shop, whose demo admin
 * anyone may use (OWASP ASVS 5.0, chapter V6 Authentication, asks for multi-factor sign-in at level 2).
 */
export class StaffSettings {
  constructor(
    private readonly db: Database,
    private readonly demoMode: boolean,
  ) {}

  async current(): Promise<StaffRules> {
    const [row] = await this.db.select().from(staffSettings).where(eq(staffSettings.id, 1));
    return {
      requireTwoFactor: row?.requireTwoFactor ?? !this.demoMode,
      supportRefundLimitPaise: row?.supportRefundLimitPaise ?? DEFAULT_SUPPORT_REFUND_LIMIT_PAISE,
    };
  }

  async change(changes: { requireTwoFactor?: boolean; supportRefundLimitPaise?: number }): Promise<StaffRules> {
    const set = { ...changes, updatedAt: new Date() };
    await this.db.insert(staffSettings).values({ id: 1, ...set }).onConflictDoUpdate({ target: staffSettings.id, set });
    return this.current();
  }
}
