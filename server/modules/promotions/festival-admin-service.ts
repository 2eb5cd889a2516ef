import { desc, eq, sql } from 'drizzle-orm';
import { BASIS_POINTS_PER_PERCENT, isFestivalLive } from '../../../domain/coupons.ts';
import { rupeesToPaise } from '../../../domain/money.ts';
import type { AdminFestival, FestivalInput } from '../../../contracts/admin-festivals.ts';
import type { Database } from '../../db/client.ts';
import { festivals } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { toFestivalDto, type FestivalRow } from './festival-dto.ts';
import { fieldRefusal, notFoundRefusal } from '../../../domain/refusal.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { CODE_HELD_BY_PROMOTION, codeHeldByOtherKind } from './offer-codes.ts';

function toColumns(input: FestivalInput) {
  const percentage = input.couponType === 'percentage';
  return {
    name: input.name,
    description: input.description,
    bannerImage: input.bannerImage,
    startDate: input.startDate,
    endDate: input.endDate,
    priority: input.priority,
    festivalCode: input.festivalCode,
    couponType: input.couponType,
    discountValue: percentage ? Math.round(input.discountPercentage * BASIS_POINTS_PER_PERCENT) : rupeesToPaise(input.discountPercentage),
    minimumOrderPaise: rupeesToPaise(input.minimumOrderAmount),
    // A cap only means something for a percentage coupon.
    maxDiscountPaise: percentage && input.maxDiscountAmount != null ? rupeesToPaise(input.maxDiscountAmount) : null,
    usageLimit: input.usageLimit,
    backgroundColor: input.backgroundColor,
    textColor: input.textColor,
    ctaText: input.ctaText,
    ctaLink: input.ctaLink,
    isActive: input.isActive,
  };
}

const CODE_TAKEN = 'festivalCode is already used by another festival';

async function refusePromotionCode(tx: Parameters<typeof codeHeldByOtherKind>[0], code: string | null | undefined): Promise<void> {
  if (await codeHeldByOtherKind(tx, code, 'festival')) throw fieldRefusal('conflict', 'festivalCode', `festivalCode ${CODE_HELD_BY_PROMOTION}`);
}

/** Festival management for admins. Every write leaves an audit record with the festival before and after. */
export class FestivalAdminService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  private toAdmin(row: FestivalRow): AdminFestival {
    return { ...toFestivalDto(row), isLive: isFestivalLive({ isActive: row.isActive, startsAt: row.startDate, endsAt: row.endDate }, this.clock()), createdAt: row.createdAt.toISOString() };
  }

  async list(): Promise<AdminFestival[]> {
    const rows = await this.db.select().from(festivals).orderBy(desc(festivals.priority), desc(festivals.startDate), desc(festivals.id));
    return rows.map((row) => this.toAdmin(row));
  }

  async create(actorId: string, input: FestivalInput): Promise<{ before: null; after: AdminFestival }> {
    try {
      return await this.db.transaction(async (tx) => {
        await refusePromotionCode(tx, input.festivalCode);
        const [row] = await tx.insert(festivals).values(toColumns(input)).returning();
        const after = this.toAdmin(row!);
        await recordAudit(tx, { actorId, action: 'festival.create', targetType: 'festival', targetId: String(row!.id), details: { before: null, after } });
        return { before: null, after };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldRefusal('conflict', 'festivalCode', CODE_TAKEN);
      throw error;
    }
  }

  async update(actorId: string, id: number, input: FestivalInput): Promise<{ before: AdminFestival; after: AdminFestival }> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(festivals).where(eq(festivals.id, id)).for('update');
      if (!before) throw notFoundRefusal('Festival not found');
      if (input.usageLimit != null && input.usageLimit < before.usedCount) {
        const message = `usageLimit cannot be below the ${before.usedCount} uses already made`;
        throw fieldRefusal('invalid', 'usageLimit', message);
      }
      await refusePromotionCode(tx, input.festivalCode);
      try {
        const [after] = await tx
          .update(festivals)
          .set({ ...toColumns(input), updatedAt: sql`now()` })
          .where(eq(festivals.id, id))
          .returning();
        const change = { before: this.toAdmin(before), after: this.toAdmin(after!) };
        await recordAudit(tx, { actorId, action: 'festival.update', targetType: 'festival', targetId: String(id), details: change });
        return change;
      } catch (error) {
        if (isUniqueViolation(error)) throw fieldRefusal('conflict', 'festivalCode', CODE_TAKEN);
        throw error;
      }
    });
  }

  async remove(actorId: string, id: number): Promise<{ before: AdminFestival; after: null }> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.delete(festivals).where(eq(festivals.id, id)).returning();
      if (!row) throw notFoundRefusal('Festival not found');
      const before = this.toAdmin(row);
      await recordAudit(tx, { actorId, action: 'festival.delete', targetType: 'festival', targetId: String(id), details: { before, after: null } });
      return { before, after: null };
    });
  }

  async toggle(actorId: string, id: number): Promise<{ before: AdminFestival; after: AdminFestival }> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(festivals).where(eq(festivals.id, id)).for('update');
      if (!before) throw notFoundRefusal('Festival not found');
      const [after] = await tx
        .update(festivals)
        .set({ isActive: !before.isActive, updatedAt: sql`now()` })
        .where(eq(festivals.id, id))
        .returning();
      const change = { before: this.toAdmin(before), after: this.toAdmin(after!) };
      await recordAudit(tx, { actorId, action: 'festival.toggle', targetType: 'festival', targetId: String(id), details: change });
      return change;
    });
  }
}
