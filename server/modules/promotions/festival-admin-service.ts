import { desc, eq, sql } from 'drizzle-orm';
import { BASIS_POINTS_PER_PERCENT, isFestivalLive } from '../../../domain/coupons.ts';
import { rupeesToPaise } from '../../../domain/money.ts';
import type { AdminFestival, FestivalInput } from '../../../contracts/admin-festivals.ts';
import type { Database } from '../../db/client.ts';
import { festivals, promotions, promotionUses } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { festivalCouponColumns, toFestivalDto, type FestivalCoupon, type FestivalRow } from './festival-dto.ts';
import type { PromotionRow } from './promotion-rows.ts';
import { fieldRefusal, notFoundRefusal } from '../../../domain/refusal.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { CODE_HELD_BY_PROMOTION, codeHolder } from './offer-codes.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The festival's own columns: what the storefront shows of it. Its coupon lives on the promotion underneath. */
function festivalColumns(input: FestivalInput) {
  return {
    name: input.name,
    description: input.description,
    bannerImage: input.bannerImage,
    startDate: input.startDate,
    endDate: input.endDate,
    priority: input.priority,
    backgroundColor: input.backgroundColor,
    textColor: input.textColor,
    ctaText: input.ctaText,
    ctaLink: input.ctaLink,
    isActive: input.isActive,
  };
}

/** The form's coupon in paise and basis points. */
function couponOf(input: FestivalInput): FestivalCoupon {
  const percentage = input.couponType === 'percentage';
  return {
    code: input.festivalCode,
    terms: {
      type: input.couponType,
      value: percentage ? Math.round(input.discountPercentage * BASIS_POINTS_PER_PERCENT) : rupeesToPaise(input.discountPercentage),
      // A cap only means something for a percentage coupon.
      maxDiscountPaise: percentage && input.maxDiscountAmount != null ? rupeesToPaise(input.maxDiscountAmount) : null,
      minimumOrderPaise: rupeesToPaise(input.minimumOrderAmount),
    },
    usageLimit: input.usageLimit,
  };
}

const CODE_TAKEN = 'festivalCode is already used by another festival';

/** A code another festival holds is the unique index's refusal; a promotion's is told in its own words. */
async function refusePromotionCode(tx: Tx, code: string | null | undefined, except: number | null): Promise<void> {
  if ((await codeHolder(tx, code, except)) === 'promotion') throw fieldRefusal('conflict', 'festivalCode', `festivalCode ${CODE_HELD_BY_PROMOTION}`);
}

/**
 * Festival management for admins. A festival's coupon is the code-based promotion underneath it (decision 78): each
 * write changes both in one transaction, and every write leaves an audit record with the festival before and after.
 */
export class FestivalAdminService {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
  ) {}

  private toAdmin(row: FestivalRow, coupon: PromotionRow | null): AdminFestival {
    return {
      ...toFestivalDto(row, coupon),
      isLive: isFestivalLive({ isActive: row.isActive, startsAt: row.startDate, endsAt: row.endDate }, this.clock()),
      createdAt: row.createdAt.toISOString(),
      version: coupon?.version ?? 1,
    };
  }

  async list(): Promise<AdminFestival[]> {
    const rows = await this.db
      .select({ festival: festivals, coupon: promotions })
      .from(festivals)
      .leftJoin(promotions, eq(promotions.festivalId, festivals.id))
      .orderBy(desc(festivals.priority), desc(festivals.startDate), desc(festivals.id));
    return rows.map((row) => this.toAdmin(row.festival, row.coupon));
  }

  /** The festival and its coupon, both locked for the write that reads them. */
  private async locked(tx: Tx, id: number): Promise<{ festival: FestivalRow; coupon: PromotionRow | null }> {
    const [festival] = await tx.select().from(festivals).where(eq(festivals.id, id)).for('update');
    if (!festival) throw notFoundRefusal('Festival not found');
    const [coupon] = await tx.select().from(promotions).where(eq(promotions.festivalId, id)).for('update');
    return { festival, coupon: coupon ?? null };
  }

  async create(actorId: string, input: FestivalInput): Promise<{ before: null; after: AdminFestival }> {
    return this.write(async (tx) => {
      await refusePromotionCode(tx, input.festivalCode, null);
      const [row] = await tx.insert(festivals).values(festivalColumns(input)).returning();
      const [coupon] = await tx.insert(promotions).values(festivalCouponColumns(row!, couponOf(input))).returning();
      const after = this.toAdmin(row!, coupon!);
      await recordAudit(tx, { actorId, action: 'festival.create', targetType: 'festival', targetId: String(row!.id), details: { before: null, after } });
      return { before: null, after };
    });
  }

  /** An edit sent with the version its screen read is refused when someone else saved since (409 on `version`). */
  async update(actorId: string, id: number, input: FestivalInput): Promise<{ before: AdminFestival; after: AdminFestival }> {
    return this.write(async (tx) => {
      const { festival, coupon } = await this.locked(tx, id);
      const before = this.toAdmin(festival, coupon);
      if (input.version !== undefined && input.version !== before.version) {
        throw fieldRefusal('conflict', 'version', 'Someone else changed this festival since you opened it: reload it to see their changes');
      }
      const used = coupon?.usedCount ?? 0;
      if (input.usageLimit != null && input.usageLimit < used) {
        throw fieldRefusal('invalid', 'usageLimit', `usageLimit cannot be below the ${used} uses already made`);
      }
      await refusePromotionCode(tx, input.festivalCode, coupon?.id ?? null);
      const [row] = await tx
        .update(festivals)
        .set({ ...festivalColumns(input), updatedAt: sql`now()` })
        .where(eq(festivals.id, id))
        .returning();
      const after = this.toAdmin(row!, await this.writeCoupon(tx, row!, couponOf(input), coupon));
      const change = { before, after };
      await recordAudit(tx, { actorId, action: 'festival.update', targetType: 'festival', targetId: String(id), details: change });
      return change;
    });
  }

  async remove(actorId: string, id: number): Promise<{ before: AdminFestival; after: null }> {
    return this.write(async (tx) => {
      const { festival, coupon } = await this.locked(tx, id);
      const before = this.toAdmin(festival, coupon);
      // The coupon's promotion goes with the festival (on delete cascade), and the uses checkouts recorded of it.
      if (coupon) await tx.delete(promotionUses).where(eq(promotionUses.promotionId, coupon.id));
      await tx.delete(festivals).where(eq(festivals.id, id));
      await recordAudit(tx, { actorId, action: 'festival.delete', targetType: 'festival', targetId: String(id), details: { before, after: null } });
      return { before, after: null };
    });
  }

  async toggle(actorId: string, id: number): Promise<{ before: AdminFestival; after: AdminFestival }> {
    return this.write(async (tx) => {
      const { festival, coupon } = await this.locked(tx, id);
      const [row] = await tx
        .update(festivals)
        .set({ isActive: !festival.isActive, updatedAt: sql`now()` })
        .where(eq(festivals.id, id))
        .returning();
      // The coupon is offered exactly while the festival is on.
      const [switched] = coupon
        ? await tx
            .update(promotions)
            .set({ paused: !row!.isActive, version: coupon.version + 1, updatedAt: this.clock() })
            .where(eq(promotions.id, coupon.id))
            .returning()
        : [null];
      const change = { before: this.toAdmin(festival, coupon), after: this.toAdmin(row!, switched ?? null) };
      await recordAudit(tx, { actorId, action: 'festival.toggle', targetType: 'festival', targetId: String(id), details: change });
      return change;
    });
  }

  /** The coupon's promotion with the festival's new terms, name, dates and switch; its uses stay as counted. */
  private async writeCoupon(tx: Tx, festival: FestivalRow, coupon: FestivalCoupon, existing: PromotionRow | null): Promise<PromotionRow> {
    const columns = festivalCouponColumns(festival, coupon);
    if (!existing) return (await tx.insert(promotions).values(columns).returning())[0]!;
    const [row] = await tx
      .update(promotions)
      .set({ ...columns, version: existing.version + 1, updatedAt: this.clock() })
      .where(eq(promotions.id, existing.id))
      .returning();
    return row!;
  }

  /** Runs a write; a code another festival holds already is a 409 on `festivalCode`. */
  private async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw fieldRefusal('conflict', 'festivalCode', CODE_TAKEN);
      throw error;
    }
  }
}
