import { asc, desc, eq, sql } from 'drizzle-orm';
import { estimatedDeliveryDay, MAX_DELIVERY_DAYS, pinRangeText, rangesConflict, type DeliveryPromise } from '../../../domain/delivery-promise.ts';
import { paiseToRupees, rupeesToPaise } from '../../../domain/money.ts';
import { shopDate } from '../../../domain/orders.ts';
import { addShopDays } from '../../../domain/reporting-periods.ts';
import { fieldRefusal, notFoundRefusal } from '../../../domain/refusal.ts';
import type { AdminShippingZone, ShippingHoliday, ShippingHolidayInput, ShippingZoneValues } from '../../../contracts/shipping.ts';
import type { Database } from '../../db/client.ts';
import { shippingHolidays, shippingZones } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { CourierPromise } from './courier-promise.ts';
import type { PinDirectory } from './pin-directory.ts';

type ZoneRow = typeof shippingZones.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database or a transaction: the order's own transaction asks for its delivery day. */
type Reader = Pick<Database, 'select'>;

/** Holidays further ahead than this cannot move a delivery date: 30 delivery days with every Sunday off is ~36. */
const HOLIDAY_HORIZON_DAYS = 120;

function toAdminZone(row: ZoneRow): AdminShippingZone {
  return {
    id: row.id,
    label: row.label,
    pins: pinRangeText({ from: row.pinFrom, to: row.pinTo }),
    pinFrom: row.pinFrom,
    pinTo: row.pinTo,
    zone: row.zone,
    deliveryDays: row.deliveryDays,
    codAllowed: row.codAllowed,
    codFee: paiseToRupees(row.codFeePaise),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toColumns(input: ShippingZoneValues) {
  return {
    label: input.label,
    pinFrom: input.pins.from,
    pinTo: input.pins.to,
    zone: input.zone,
    deliveryDays: input.deliveryDays,
    codAllowed: input.codAllowed,
    codFeePaise: rupeesToPaise(input.codFee),
  };
}

/** A zone's terms for one PIN: what checkout, orders and the PIN box all promise. */
export interface ZoneTerms {
  zone: ZoneRow['zone'];
  serviceable: boolean;
  /** YYYY-MM-DD, shop time; null where the shop does not deliver. */
  deliveryDay: string | null;
  codAllowed: boolean;
  codFeePaise: number;
}

/**
 * Where the shop delivers and by when: the zones and holidays the back office keeps, the PIN directory, and the
 * date every screen and e-mail promises (one computation, domain/delivery-promise.ts).
 */
export class ShippingService {
  /** The zones and holidays as last read, while fresh: every checkout and order asks for its PIN's terms. */
  private tables: { zones: ZoneRow[]; holidays: string[]; readAt: number } | null = null;
  /** Counts the back office's writes, so a read that started before one is not kept after it. */
  private generation = 0;

  constructor(
    private readonly db: Database,
    private readonly directory: PinDirectory,
    private readonly clock: () => Date,
    /** How long the tables are kept (CATALOGUE_CACHE_TTL_MS), and how the other processes hear of a write. */
    private readonly cache: { ttlMs: number; announce?: () => void } = { ttlMs: 0 },
  ) {}

  /** The courier's word on each PIN, when a courier API is configured (docs/decisions/0054). */
  private courier: CourierPromise | null = null;

  /** From now on, delivery days and cash on delivery also ask the courier, within 800 ms. */
  useCourier(courier: CourierPromise): void {
    this.courier = courier;
  }

  /** A write here, or one another process announced: the next terms are read afresh. */
  forget(): void {
    this.generation += 1;
    this.tables = null;
  }

  private changed(): void {
    this.forget();
    this.cache.announce?.();
  }

  /**
   * Both tables, whole: a few hundred ranges and holidays at most. Read through `db` (the order's own
   * transaction when it asks), never a second pooled connection a transaction would wait for.
   */
  private async read(db: Reader): Promise<{ zones: ZoneRow[]; holidays: string[] }> {
    const now = Date.now();
    if (this.tables && now - this.tables.readAt < this.cache.ttlMs) return this.tables;
    const generation = this.generation;
    const zones = await db.select().from(shippingZones);
    const holidays = (await db.select({ day: shippingHolidays.day }).from(shippingHolidays)).map((row) => row.day);
    const tables = { zones, holidays, readAt: now };
    if (generation === this.generation && this.cache.ttlMs > 0) this.tables = tables;
    return tables;
  }

  /** The narrowest range holding the PIN (ranges nest, so there is one), or null for a PIN no range holds. */
  private zoneRow(pincode: string, zones: readonly ZoneRow[]): ZoneRow | null {
    const pin = Number(pincode);
    let narrowest: ZoneRow | null = null;
    for (const row of zones) {
      if (row.pinFrom > pin || row.pinTo < pin) continue;
      if (!narrowest || row.pinTo - row.pinFrom < narrowest.pinTo - narrowest.pinFrom) narrowest = row;
    }
    return narrowest;
  }

  private holidaysAround(placedAt: Date, holidays: readonly string[]): string[] {
    const first = shopDate(placedAt);
    const last = addShopDays(first, HOLIDAY_HORIZON_DAYS);
    return holidays.filter((day) => day >= first && day <= last);
  }

  /**
   * The zone's terms for a PIN code and an order placed at `placedAt` (now by default). Reads only the shop's own
   * tables, so an order's transaction can ask it.
   */
  async termsFor(pincode: string, placedAt: Date = this.clock(), db: Reader = this.db): Promise<ZoneTerms> {
    const tables = await this.read(db);
    const row = this.zoneRow(pincode, tables.zones);
    if (!row || row.zone === 'not-serviceable' || row.deliveryDays === null) {
      return { zone: 'not-serviceable', serviceable: false, deliveryDay: null, codAllowed: false, codFeePaise: 0 };
    }
    const holidays = this.holidaysAround(placedAt, tables.holidays);
    // The zones say where the shop delivers and its COD fee; the courier, when it answers, how soon and whether
    // it can collect cash there. Without an answer in time the zone's own days and COD terms stand.
    const courier = this.courier ? await this.courier.lookup(pincode, db) : null;
    if (courier && !courier.serviceable) return { zone: 'not-serviceable', serviceable: false, deliveryDay: null, codAllowed: false, codFeePaise: 0 };
    const days = courier?.deliveryDays && Number.isInteger(courier.deliveryDays) && courier.deliveryDays <= MAX_DELIVERY_DAYS ? Math.max(1, courier.deliveryDays) : row.deliveryDays;
    const codAllowed = row.codAllowed && (courier?.codAvailable ?? true);
    return {
      zone: row.zone,
      serviceable: true,
      deliveryDay: estimatedDeliveryDay(placedAt, days, holidays),
      codAllowed,
      codFeePaise: codAllowed ? row.codFeePaise : 0,
    };
  }

  /**
   * What the PIN box shows. A six-digit number the postal data does not know is not a PIN anyone lives at, so the
   * shop does not promise it anything.
   */
  async promise(pincode: string): Promise<DeliveryPromise> {
    const [place, terms] = await Promise.all([this.directory.find(pincode), this.termsFor(pincode)]);
    const serviceable = terms.serviceable && place !== null;
    return {
      pincode,
      serviceable,
      city: place?.city ?? null,
      district: place?.district ?? null,
      state: place?.state ?? null,
      zone: serviceable ? terms.zone : 'not-serviceable',
      estimatedDelivery: serviceable ? terms.deliveryDay : null,
      codAvailable: serviceable && terms.codAllowed,
      codFee: serviceable && terms.codAllowed ? paiseToRupees(terms.codFeePaise) : 0,
    };
  }

  warmUp(): void {
    this.directory.warmUp();
  }

  // ── the back office ───────────────────────────────────────────────────────────────────────────────────────────

  async list(): Promise<{ zones: AdminShippingZone[]; holidays: ShippingHoliday[] }> {
    const [zones, holidays] = await Promise.all([
      this.db.select().from(shippingZones).orderBy(asc(shippingZones.pinFrom), desc(shippingZones.pinTo)),
      this.db.select({ day: shippingHolidays.day, name: shippingHolidays.name }).from(shippingHolidays).orderBy(asc(shippingHolidays.day)),
    ]);
    return { zones: zones.map(toAdminZone), holidays };
  }

  /** Refuses a range that only partly overlaps another, or repeats one: ranges nest or stay apart. */
  private async checkRange(tx: Reader, input: ShippingZoneValues, exceptId: number | null): Promise<void> {
    const others = await tx.select().from(shippingZones);
    for (const other of others) {
      if (other.id === exceptId) continue;
      const range = { from: other.pinFrom, to: other.pinTo };
      const same = range.from === input.pins.from && range.to === input.pins.to;
      if (same || rangesConflict(input.pins, range)) {
        const message = same
          ? `pins ${pinRangeText(input.pins)} already has a zone (${other.label})`
          : `pins ${pinRangeText(input.pins)} partly overlaps ${pinRangeText(range)} (${other.label}); ranges must nest inside each other or not overlap`;
        throw fieldRefusal('conflict', 'pins', message);
      }
    }
  }

  /** Zone writes take turns, so two admins cannot save ranges that conflict with each other at the same moment. */
  private async lockZones(tx: Database): Promise<void> {
    await tx.execute(sql`lock table ${shippingZones} in share row exclusive mode`);
  }

  /** A back-office write: once it has committed, every process reads the tables afresh. */
  private async write<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(work);
    this.changed();
    return result;
  }

  async createZone(actorId: string, input: ShippingZoneValues): Promise<AdminShippingZone> {
    return this.write(async (tx) => {
      await this.lockZones(tx);
      await this.checkRange(tx, input, null);
      const [row] = await tx.insert(shippingZones).values(toColumns(input)).returning();
      const after = toAdminZone(row!);
      await recordAudit(tx, { actorId, action: 'shipping-zone.create', targetType: 'shipping-zone', targetId: String(row!.id), details: { before: null, after } });
      return after;
    });
  }

  async updateZone(actorId: string, id: number, input: ShippingZoneValues): Promise<AdminShippingZone> {
    return this.write(async (tx) => {
      await this.lockZones(tx);
      const [before] = await tx.select().from(shippingZones).where(eq(shippingZones.id, id));
      if (!before) throw notFoundRefusal('Shipping zone not found');
      await this.checkRange(tx, input, id);
      const [row] = await tx
        .update(shippingZones)
        .set({ ...toColumns(input), updatedAt: this.clock() })
        .where(eq(shippingZones.id, id))
        .returning();
      const after = toAdminZone(row!);
      await recordAudit(tx, { actorId, action: 'shipping-zone.update', targetType: 'shipping-zone', targetId: String(id), details: { before: toAdminZone(before), after } });
      return after;
    });
  }

  async removeZone(actorId: string, id: number): Promise<void> {
    await this.write(async (tx) => {
      await this.lockZones(tx);
      const [row] = await tx.delete(shippingZones).where(eq(shippingZones.id, id)).returning();
      if (!row) throw notFoundRefusal('Shipping zone not found');
      await recordAudit(tx, { actorId, action: 'shipping-zone.delete', targetType: 'shipping-zone', targetId: String(id), details: { before: toAdminZone(row), after: null } });
    });
  }

  async addHoliday(actorId: string, input: ShippingHolidayInput): Promise<ShippingHoliday> {
    return this.write(async (tx) => {
      const [row] = await tx.insert(shippingHolidays).values(input).onConflictDoNothing().returning({ day: shippingHolidays.day, name: shippingHolidays.name });
      if (!row) {
        const message = `${input.day} is already a holiday`;
        throw fieldRefusal('conflict', 'day', message);
      }
      await recordAudit(tx, { actorId, action: 'shipping-holiday.create', targetType: 'shipping-holiday', targetId: row.day, details: { before: null, after: row } });
      return row;
    });
  }

  async removeHoliday(actorId: string, day: string): Promise<void> {
    await this.write(async (tx) => {
      const [row] = await tx.delete(shippingHolidays).where(eq(shippingHolidays.day, day)).returning({ day: shippingHolidays.day, name: shippingHolidays.name });
      if (!row) throw notFoundRefusal('Holiday not found');
      await recordAudit(tx, { actorId, action: 'shipping-holiday.delete', targetType: 'shipping-holiday', targetId: day, details: { before: row, after: null } });
    });
  }
}
