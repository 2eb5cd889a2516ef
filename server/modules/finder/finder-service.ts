import { eq } from 'drizzle-orm';
import type { FinderAnswersInput, FinderResult } from '../../../contracts/finder.ts';
import { PAGE_SIZE_MAX, type Product } from '../../../contracts/products.ts';
import { BIRTH_SIGNS, type BirthSign } from '../../../domain/accounts.ts';
import { BUDGETS, INTENSITIES, NOTE_FAMILIES, reasonLine, recommend, type BudgetId, type FinderAnswers, type FinderProduct, type Intensity, type NoteFamily } from '../../../domain/finder.ts';
import { rupeesToPaise } from '../../../domain/money.ts';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { CatalogueReader } from '../products/catalogue-reader.ts';

type Shelved = FinderProduct & { dto: Product };

/** A product as the finder reads it; a set smells of its contents, so it carries their notes. */
function shelved(product: Product, byId: ReadonlyMap<number, Product>): Shelved {
  const parts = product.contents.map((part) => byId.get(part.productId)).filter((part): part is Product => part !== undefined);
  const notes = product.isSet
    ? { top: parts.flatMap((part) => part.notes.top), heart: parts.flatMap((part) => part.notes.heart), base: parts.flatMap((part) => part.notes.base) }
    : product.notes;
  const prices = product.sizes.map((size) => size.price);
  return {
    id: product.id,
    name: product.name,
    categoryId: product.category,
    isSet: product.isSet,
    inStock: product.inStock,
    fromPaise: rupeesToPaise(prices.length ? Math.min(...prices) : product.price),
    notes,
    rating: product.rating,
    sales: product.sales,
    dto: product,
  };
}

/**
 * The fragrance finder over the live catalogue (the catalogue's read cache, so a quiz costs no query while the
 * cache is warm), and the answers kept with a signed-in shopper's preferences.
 */
export class FinderService {
  constructor(
    private readonly db: Database,
    private readonly catalogue: CatalogueReader,
  ) {}

  async recommend(answers: FinderAnswersInput): Promise<FinderResult> {
    const products = await this.everyProduct();
    const byId = new Map(products.map((product) => [product.id, product]));
    const picked = recommend(
      products.map((product) => shelved(product, byId)),
      answers as FinderAnswers,
    );
    const shown = (entry: { product: Shelved; reasons: string[] }) => ({ product: entry.product.dto, why: reasonLine(entry.reasons) });
    return { success: true, potions: picked.potions.map(shown), set: picked.set ? shown(picked.set) : null };
  }

  /** The answers become the profile's scent preferences (and its birth sign), which the profile already asks for. */
  async save(userId: string, answers: FinderAnswersInput): Promise<void> {
    const [user] = await this.db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
    if (!user) return;
    await this.db
      .update(users)
      .set({
        preferences: { ...user.preferences, favoriteScents: answers.families, intensityPreference: answers.intensity ?? '', budgetRange: answers.budget },
        ...(answers.birthSign ? { birthSign: answers.birthSign } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  }

  /** What a shopper answered before, read back from the profile; whatever is not a finder answer is left open. */
  async saved(userId: string): Promise<FinderAnswersInput | null> {
    const [user] = await this.db.select({ preferences: users.preferences, birthSign: users.birthSign }).from(users).where(eq(users.id, userId));
    if (!user) return null;
    const { favoriteScents, intensityPreference, budgetRange } = user.preferences;
    const families = favoriteScents.filter((scent): scent is NoteFamily => (NOTE_FAMILIES as readonly string[]).includes(scent));
    const intensity = (INTENSITIES as readonly string[]).includes(intensityPreference) ? (intensityPreference as Intensity) : null;
    const budget = BUDGETS.some((entry) => entry.id === budgetRange) ? (budgetRange as BudgetId) : null;
    const birthSign = (BIRTH_SIGNS as readonly string[]).includes(user.birthSign ?? '') ? (user.birthSign as BirthSign) : null;
    if (families.length === 0 && !intensity && !budget && !birthSign) return null;
    return { families, intensity, occasion: null, budget: budget ?? 'any', birthSign };
  }

  private async everyProduct(): Promise<Product[]> {
    const products: Product[] = [];
    for (let page = 1; ; page += 1) {
      const { value } = await this.catalogue.list({ page, limit: PAGE_SIZE_MAX });
      products.push(...value.products);
      if (page >= value.pagination.pages) return products;
    }
  }
}
