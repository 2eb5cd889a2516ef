import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { savedAddressInputSchema, type SavedAddress, type SavedAddressInput } from '../../../contracts/address-book.ts';
import { MAX_SAVED_ADDRESSES } from '../../../domain/address-book.ts';
import { fieldRefusal, notFoundRefusal } from '../../../domain/refusal.ts';
import type { Database } from '../../db/client.ts';
import { savedAddresses } from '../../db/schema/index.ts';
import type { Transaction } from '../accounts/account-links.ts';

type AddressRow = typeof savedAddresses.$inferSelect;

function dtoOf(row: AddressRow): SavedAddress {
  const { id, label, firstName, lastName, phone, street, city, state, zipCode, country, isDefault } = row;
  return { id, label, firstName, lastName, phone, street, city, state, zipCode, country, isDefault };
}

const notFound = () => notFoundRefusal('Address not found');

/**
 * A customer's saved addresses. Each write is one transaction under a lock on the customer's address book, so two
 * tabs adding at once cannot pass the limit and a new default always unseats the old one. The first address
 * saved becomes the default; deleting the default hands it to the oldest remaining entry.
 */
export class AddressBook {
  constructor(private readonly db: Database) {}

  async list(userId: string): Promise<SavedAddress[]> {
    const rows = await this.db
      .select()
      .from(savedAddresses)
      .where(eq(savedAddresses.userId, userId))
      .orderBy(desc(savedAddresses.isDefault), asc(savedAddresses.createdAt), asc(savedAddresses.id));
    return rows.map(dtoOf);
  }

  async add(userId: string, raw: SavedAddressInput): Promise<SavedAddress> {
    const input = savedAddressInputSchema.parse(raw);
    return this.db.transaction(async (tx) => {
      const entries = await this.lockEntries(tx, userId);
      if (entries >= MAX_SAVED_ADDRESSES) throw fieldRefusal('conflict', 'addresses', `An address book holds at most ${MAX_SAVED_ADDRESSES} addresses. Delete one to add another.`);
      const isDefault = entries === 0 || input.isDefault === true;
      if (isDefault) await this.clearDefault(tx, userId);
      const [row] = await tx
        .insert(savedAddresses)
        .values({ ...fieldsOf(input), userId, isDefault })
        .returning();
      return dtoOf(row!);
    });
  }

  async update(userId: string, id: string, raw: SavedAddressInput): Promise<SavedAddress> {
    const input = savedAddressInputSchema.parse(raw);
    return this.db.transaction(async (tx) => {
      await this.lockEntries(tx, userId);
      if (input.isDefault === true) await this.clearDefault(tx, userId, id);
      const [row] = await tx
        .update(savedAddresses)
        .set({ ...fieldsOf(input), ...(input.isDefault === true ? { isDefault: true } : {}), updatedAt: new Date() })
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
        .returning();
      if (!row) throw notFound();
      return dtoOf(row);
    });
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.lockEntries(tx, userId);
      const [gone] = await tx
        .delete(savedAddresses)
        .where(and(eq(savedAddresses.id, id), eq(savedAddresses.userId, userId)))
        .returning({ isDefault: savedAddresses.isDefault });
      if (!gone) throw notFound();
      if (!gone.isDefault) return;
      const [oldest] = await tx.select({ id: savedAddresses.id }).from(savedAddresses).where(eq(savedAddresses.userId, userId)).orderBy(asc(savedAddresses.createdAt), asc(savedAddresses.id)).limit(1);
      if (oldest) await tx.update(savedAddresses).set({ isDefault: true }).where(eq(savedAddresses.id, oldest.id));
    });
  }

  /**
   * Holds the customer's address book for this transaction (a lock on the customer, not on rows: a first address
   * has no row to lock yet) and counts its entries.
   */
  private async lockEntries(tx: Transaction, userId: string): Promise<number> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`address-book:${userId}`}, 0))`);
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(savedAddresses).where(eq(savedAddresses.userId, userId));
    return n;
  }

  private async clearDefault(tx: Transaction, userId: string, except?: string): Promise<void> {
    await tx
      .update(savedAddresses)
      .set({ isDefault: false })
      .where(and(eq(savedAddresses.userId, userId), eq(savedAddresses.isDefault, true), ...(except ? [ne(savedAddresses.id, except)] : [])));
  }
}

function fieldsOf(input: ReturnType<typeof savedAddressInputSchema.parse>) {
  const { label, firstName, lastName, phone, street, city, state, zipCode, country } = input;
  return { label, firstName, lastName, phone, street, city, state, zipCode, country };
}
