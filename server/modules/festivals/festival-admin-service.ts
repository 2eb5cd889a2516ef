import { desc, eq, sql } from 'drizzle-orm';
import { BASIS_POINTS_PER_PERCENT, isFestivalLive } from '../../../domain/coupons.ts';
import { rupeesToPaise } from '../../../domain/money.ts';
import type { FestivalInput } from '../../../contracts/admin-festivals.ts';
import type { Festival } from '../../../contracts/festivals.ts';
import type { Database } from '../../db/client.ts';
import { festivals } from '../../db/schema/index.ts';
import { HttpError, notFound } from '../../http/errors.ts';
import { toFestivalDto, type FestivalRow } from './festival-dto.ts';

export type AdminFestival = Festival & { isLive: boolean; createdAt: string };

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

/** PostgreSQL's unique_violation, whichever driver reports it. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code;
  return code === '23505';
}

const CODE_TAKEN = 'festivalCode is already used by another festival';

/** Festival management for admins. Every write returns the row before and after, for the audit trail. */
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

  async create(input: FestivalInput): Promise<{ before: null; after: AdminFestival }> {
    try {
      const [row] = await this.db.insert(festivals).values(toColumns(input)).returning();
      return { before: null, after: this.toAdmin(row!) };
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, CODE_TAKEN, [{ field: 'festivalCode', message: CODE_TAKEN }]);
      throw error;
    }
  }

  async update(id: number, input: FestivalInput): Promise<{ before: AdminFestival; after: AdminFestival }> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(festivals).where(eq(festivals.id, id)).for('update');
      if (!before) throw notFound('Festival not found');
      if (input.usageLimit != null && input.usageLimit < before.usedCount) {
        const message = `usageLimit cannot be below the ${before.usedCount} uses already made`;
        throw new HttpError(400, message, [{ field: 'usageLimit', message }]);
      }
      try {
        const [after] = await tx
          .update(festivals)
          .set({ ...toColumns(input), updatedAt: sql`now()` })
          .where(eq(festivals.id, id))
          .returning();
        return { before: this.toAdmin(before), after: this.toAdmin(after!) };
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, CODE_TAKEN, [{ field: 'festivalCode', message: CODE_TAKEN }]);
        throw error;
      }
    });
  }

  async remove(id: number): Promise<{ before: AdminFestival; after: null }> {
    const [before] = await this.db.delete(festivals).where(eq(festivals.id, id)).returning();
    if (!before) throw notFound('Festival not found');
    return { before: this.toAdmin(before), after: null };
  }

  async toggle(id: number): Promise<{ before: AdminFestival; after: AdminFestival }> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx.select().from(festivals).where(eq(festivals.id, id)).for('update');
      if (!before) throw notFound('Festival not found');
      const [after] = await tx
        .update(festivals)
        .set({ isActive: !before.isActive, updatedAt: sql`now()` })
        .where(eq(festivals.id, id))
        .returning();
      return { before: this.toAdmin(before), after: this.toAdmin(after!) };
    });
  }
}
