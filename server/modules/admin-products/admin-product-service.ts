import { rateFromPercent, scheduleRate } from '../../../domain/gst.ts';
import { shopDate } from '../../../domain/orders.ts';
import { and, asc, count, desc, eq, ilike, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { slugify, uniqueSlug } from '../../../domain/catalogue.ts';
import { rupeesToPaise } from '../../../domain/money.ts';
import {
  type AdminProduct,
  type AdminProductListFilter,
  type AdminProductListResponse,
  type InventoryChange,
  type ProductInput,
} from '../../../contracts/admin-products.ts';
import type { Database } from '../../db/client.ts';
import { categories, orderItems, products, productSizes } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { NotificationService } from '../notifications/notification-service.ts';
import { announceLowStock } from '../products/stock-alert.ts';
import type { CatalogueReader } from '../products/catalogue-reader.ts';
import { productColumns } from '../products/product-service.ts';
import { unitsLeftSql } from '../products/set-contents.ts';
import type { StockWaitlist } from '../stock-waitlist/stock-waitlist.ts';
import { toAdminProductDto } from './admin-product-dto.ts';
import { checkSetComponents, isComponent, isSet, replaceSetComponents } from './set-builder.ts';
import { heldUnitsOf } from '../inventory/checkout-holds.ts';
import { fieldRefusal, notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { DECLARATION_FIELDS, DECLARATION_LABELS, missingDeclarations, netQuantityOf, type DeclarationField, type ProductDeclarations } from '../../../domain/product-declarations.ts';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

const adminColumns = {
  ...productColumns,
  archivedAt: products.archivedAt,
  held: heldUnitsOf(products.id),
  hsnCode: products.hsnCode,
  gstRateBp: products.gstRateBp,
  gstRateFrom: products.gstRateFrom,
  previousGstRateBp: products.previousGstRateBp,
};

// Stock sorts by what can be sold: a set's is what its components make.
const sortColumns = { name: products.name, price: products.pricePaise, stock: unitsLeftSql, sales: products.sales } as const;
/** Names read A to Z; stock lowest first (what needs restocking); price and sales highest first. */
const defaultOrder = { name: 'asc', price: 'desc', stock: 'asc', sales: 'desc' } as const;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The product's GST after the form: a rate set from a later date leaves what the product sells at until then as
 * its previous rate, so orders before that date are taxed as before (orders keep their own rate anyway).
 */
function taxColumns(input: ProductInput, before: AdminProduct | null) {
  const today = shopDate(new Date());
  const rateBp = rateFromPercent(input.gstRate)!;
  const current = before
    ? { gstRateBp: Math.round(before.gstRate * 100), gstRateFrom: before.gstRateFrom, previousGstRateBp: before.previousGstRate === null ? null : Math.round(before.previousGstRate * 100) }
    : { gstRateBp: rateBp, gstRateFrom: null, previousGstRateBp: null };
  return { hsnCode: input.hsnCode, ...scheduleRate(current, rateBp, input.gstRateFrom ?? current.gstRateFrom ?? today, today) };
}

/**
 * The declarations the product will carry: what the form sent, else what the product declared before, else (a new
 * product) the seller's defaults. A product missing one is refused with each missing field named: nothing may be
 * offered for sale without them (Legal Metrology (Packaged Commodities) Rules 2011, rules 6(1) and 10).
 */
function declaredColumns(input: ProductInput, before: ProductDeclarations | null, defaults: ProductDeclarations): ProductDeclarations {
  const declared = Object.fromEntries(
    DECLARATION_FIELDS.map((field) => [field, input[field] !== undefined ? input[field] : before ? before[field] : defaults[field]]),
  ) as unknown as ProductDeclarations;
  const missing = missingDeclarations(declared, input.sizes);
  if (missing.length > 0) {
    const labelOf = (field: string) => (field in DECLARATION_LABELS ? DECLARATION_LABELS[field as DeclarationField] : 'Net quantity in ml');
    throw new Refusal(
      'invalid',
      `A product on sale must declare ${missing.map(labelOf).join(', ').toLowerCase()}`,
      missing.map((field) => ({ field, message: `${field} is required: a product on sale must declare its ${labelOf(field).toLowerCase()}` })),
    );
  }
  return declared;
}

function toColumns(input: ProductInput) {
  return {
    name: input.name,
    categoryId: input.category,
    pricePaise: rupeesToPaise(input.price),
    description: input.description,
    longDescription: input.longDescription,
    // A set keeps no units of its own: what it can sell is what its components make.
    inventory: input.components?.length ? 0 : input.inventory,
    isSignature: input.isSignature,
    mainImage: input.image,
    images: input.images,
    notes: input.notes,
    effect: input.effect,
    ingredients: input.ingredients,
    usage: input.usage,
  };
}

/**
 * The catalogue as the back office changes it. Every write runs in one transaction with its audit record (the
 * product before and after) and any low-stock notification, and clears the storefront's read cache once it
 * has committed, so shoppers see the change on their next request.
 */
export class AdminProductService {
  constructor(
    private readonly db: Database,
    private readonly notifications: NotificationService,
    private readonly catalogue: CatalogueReader,
    private readonly waitlist: Pick<StockWaitlist, 'announceRestock'>,
    /** What a new product declares unless the form says otherwise (the seller's settings). */
    readonly declarationDefaults: ProductDeclarations,
  ) {}

  async list(query: AdminProductListFilter): Promise<Omit<AdminProductListResponse, 'success'>> {
    const conditions: SQL[] = [];
    if (!query.includeArchived) conditions.push(isNull(products.archivedAt));
    if (query.category) conditions.push(eq(products.categoryId, query.category));
    if (query.search) {
      const pattern = `%${escapeLike(query.search)}%`;
      conditions.push(or(ilike(products.name, pattern), ilike(products.slug, pattern), ilike(products.description, pattern))!);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const direction = query.order ?? defaultOrder[query.sort];
    const column = sortColumns[query.sort];
    const [rows, [total]] = await Promise.all([
      this.db
        .select(adminColumns)
        .from(products)
        .where(where)
        .orderBy(direction === 'asc' ? asc(column) : desc(column), asc(products.name), asc(products.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db.select({ n: count() }).from(products).where(where),
    ]);
    const totalCount = total?.n ?? 0;
    return {
      products: rows.map(toAdminProductDto),
      declarationDefaults: this.declarationDefaults,
      pagination: { page: query.page, limit: query.limit, total: totalCount, pages: Math.ceil(totalCount / query.limit) },
    };
  }

  private async read(tx: Transaction | Database, id: number, lock = false): Promise<AdminProduct | null> {
    const select = tx.select(adminColumns).from(products).where(eq(products.id, id));
    const [row] = lock ? await select.for('update') : await select;
    return row ? toAdminProductDto(row) : null;
  }

  private async writable(tx: Transaction, id: number): Promise<AdminProduct> {
    const before = await this.read(tx, id, true);
    if (!before) throw notFoundRefusal('Product not found');
    if (before.archived) throw new Refusal('conflict', 'This product is archived: it stays only for the orders that name it');
    return before;
  }

  private async checkCategory(tx: Transaction, category: string): Promise<void> {
    const [known] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, category));
    if (known) return;
    const ids = (await tx.select({ id: categories.id }).from(categories).orderBy(asc(categories.position))).map((row) => row.id);
    const message = `category must be one of ${ids.join(', ')}`;
    throw fieldRefusal('invalid', 'category', message);
  }

  private async replaceSizes(tx: Transaction, productId: number, input: ProductInput): Promise<void> {
    await tx.delete(productSizes).where(eq(productSizes.productId, productId));
    if (input.sizes.length === 0) return;
    await tx.insert(productSizes).values(
      input.sizes.map((entry, position) => ({
        productId,
        size: entry.size,
        pricePaise: rupeesToPaise(entry.price),
        inStock: entry.inStock,
        netQuantityMl: netQuantityOf(entry),
        position,
      })),
    );
  }

  private alertIfLow(tx: Transaction, before: number, after: AdminProduct): Promise<void> {
    return announceLowStock(this.notifications, tx, { name: after.name, before, after: after.inventory });
  }

  private async committed<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const result = await this.db.transaction(work);
    this.catalogue.invalidate();
    return result;
  }

  async create(actorId: string, input: ProductInput): Promise<AdminProduct> {
    // Two admins naming products alike at the same moment: the unique index refuses one slug, so try again.
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.committed(async (tx) => {
          await this.checkCategory(tx, input.category);
          const declarations = declaredColumns(input, null, this.declarationDefaults);
          if (input.components) await checkSetComponents(tx, null, input.components);
          const base = slugify(input.name) || 'potion';
          const taken = await tx
            .select({ slug: products.slug })
            .from(products)
            .where(or(eq(products.slug, base), like(products.slug, `${escapeLike(base)}-%`)));
          const slug = uniqueSlug(input.name, new Set(taken.map((row) => row.slug)));
          const [row] = await tx.insert(products).values({ ...toColumns(input), ...taxColumns(input, null), ...declarations, slug }).returning({ id: products.id });
          await this.replaceSizes(tx, row!.id, input);
          if (input.components) await replaceSetComponents(tx, row!.id, input.components);
          const after = (await this.read(tx, row!.id))!;
          await recordAudit(tx, { actorId, action: 'product.create', targetType: 'product', targetId: String(after.id), details: { before: null, after } });
          return after;
        });
      } catch (error) {
        if (attempt < 2 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  /** The slug stays as it was: links already shared and indexed keep working after a rename. */
  async update(actorId: string, id: number, input: ProductInput): Promise<AdminProduct> {
    return this.committed(async (tx) => {
      const before = await this.writable(tx, id);
      await this.checkCategory(tx, input.category);
      const declarations = declaredColumns(input, before, this.declarationDefaults);
      if (input.components) await checkSetComponents(tx, id, input.components);
      await tx.update(products).set({ ...toColumns(input), ...taxColumns(input, before), ...declarations, updatedAt: sql`now()` }).where(eq(products.id, id));
      await this.replaceSizes(tx, id, input);
      if (input.components) await replaceSetComponents(tx, id, input.components);
      const after = (await this.read(tx, id))!;
      await recordAudit(tx, { actorId, action: 'product.update', targetType: 'product', targetId: String(id), details: { before, after } });
      await this.alertIfLow(tx, before.inventory, after);
      await this.waitlist.announceRestock(tx, before, after);
      return after;
    });
  }

  /** Deletes a product no order or set names; one that orders or a set name is archived instead, so order history stays whole. */
  async remove(actorId: string, id: number): Promise<{ archived: boolean }> {
    return this.committed(async (tx) => {
      const before = await this.read(tx, id, true);
      if (!before) throw notFoundRefusal('Product not found');
      if (before.archived) return { archived: true };
      const [ordered] = await tx.select({ n: count() }).from(orderItems).where(eq(orderItems.productId, id));
      // A potion a set holds is archived too: the set then shows sold out rather than losing a vial unseen.
      if ((ordered?.n ?? 0) > 0 || (await isComponent(tx, id))) {
        await tx.update(products).set({ archivedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(products.id, id));
        const after = (await this.read(tx, id))!;
        await recordAudit(tx, { actorId, action: 'product.archive', targetType: 'product', targetId: String(id), details: { before, after } });
        return { archived: true };
      }
      await tx.delete(products).where(eq(products.id, id));
      await recordAudit(tx, { actorId, action: 'product.delete', targetType: 'product', targetId: String(id), details: { before, after: null } });
      return { archived: false };
    });
  }

  /**
   * Sets or moves the inventory. A move is one conditional UPDATE (`inventory + n >= 0`), so concurrent moves
   * queue on the row and none takes the count below zero; a move that would is refused with 409.
   */
  async changeInventory(actorId: string, id: number, change: InventoryChange): Promise<AdminProduct> {
    return this.committed(async (tx) => {
      if (await isSet(tx, id)) throw fieldRefusal('conflict', change.set !== undefined ? 'set' : 'adjust', "A set's stock is its potions': change theirs instead");
      let before: number;
      if (change.set !== undefined) {
        before = (await this.writable(tx, id)).inventory;
        await tx.update(products).set({ inventory: change.set, updatedAt: sql`now()` }).where(eq(products.id, id));
      } else {
        const adjust = change.adjust!;
        const [moved] = await tx
          .update(products)
          .set({ inventory: sql`${products.inventory} + ${adjust}`, updatedAt: sql`now()` })
          .where(and(eq(products.id, id), isNull(products.archivedAt), sql`${products.inventory} + ${adjust} >= 0`))
          .returning({ inventory: products.inventory });
        if (!moved) {
          const current = await this.writable(tx, id);
          const message = `Only ${current.inventory} in stock: cannot take away ${-adjust}`;
          throw fieldRefusal('conflict', 'adjust', message);
        }
        before = moved.inventory - adjust;
      }
      const after = (await this.read(tx, id))!;
      await recordAudit(tx, {
        actorId,
        action: 'product.inventory',
        targetType: 'product',
        targetId: String(id),
        details: { before: { inventory: before }, after: { inventory: after.inventory }, ...change },
      });
      await this.alertIfLow(tx, before, after);
      await this.waitlist.announceRestock(tx, { inventory: before, sizes: after.sizes }, after);
      return after;
    });
  }
}
