/**
 * Sets (bundles): a product made of other potions in given sizes, such as a discovery set of six 2 ml vials.
 * A set has no shelf of its own: every unit of it is its components' units, so what it can sell is what they
 * have left, selling it takes their units and a return puts them back. Pure.
 */
import { unitsByProduct, type UnitsLine } from './stock.ts';

/** One potion in a set: this many bottles of this size in every unit of the set. */
export interface SetComponent {
  productId: number;
  size: string;
  quantity: number;
  /** The potion's name when the set was sold, for the invoice and the e-mails. */
  name: string;
}

/** How many components a set may have, and how many of one component, so a typing slip cannot make a crate. */
export const SET_MAX_COMPONENTS = 12;
export const SET_MAX_COMPONENT_QUANTITY = 12;

/** A line as stock moves see it: a set's line carries its components, a potion's line none. */
export interface StockUnitsLine extends UnitsLine {
  name: string;
  components?: readonly Pick<SetComponent, 'productId' | 'quantity' | 'name'>[] | null;
}

/**
 * The units a basket takes from the shelves: a potion's line as it is, a set's line as its components' units
 * (the set's quantity times each component's). The caller sums them per product and locks in product order, so
 * a set and a lone potion sharing a component take its row once, in the same order as every other basket.
 */
export function shelfUnits(lines: readonly StockUnitsLine[]): { productId: number; quantity: number; name: string }[] {
  return lines.flatMap((line) =>
    line.components?.length
      ? line.components.map((component) => ({ productId: component.productId, quantity: component.quantity * line.quantity, name: line.name }))
      : [{ productId: line.productId, quantity: line.quantity, name: line.name }],
  );
}

/**
 * How many whole sets the components' stock makes: for each component potion (its sizes share one stock, so a
 * set holding two sizes of one potion asks for both), its units left divided by the units one set takes, the
 * least of them. A component that cannot be sold (archived, unknown) makes none.
 */
export function setsAvailable(components: readonly Pick<SetComponent, 'productId' | 'quantity'>[], unitsLeft: (productId: number) => number | null): number {
  if (components.length === 0) return 0;
  let least = Number.POSITIVE_INFINITY;
  for (const [productId, perSet] of unitsByProduct(components)) {
    const left = unitsLeft(productId);
    if (left === null) return 0;
    least = Math.min(least, Math.floor(Math.max(0, left) / perSet));
  }
  return least;
}

/**
 * For each basket line in order, whether its units still fit once the lines before it have taken theirs: a set
 * and its own components in one basket draw on the same shelves, so the earlier line gets the units first.
 */
export function linesThatFit(lines: readonly Omit<StockUnitsLine, 'name'>[], unitsLeft: (productId: number) => number | null): boolean[] {
  const claimed = new Map<number, number>();
  return lines.map((line) => {
    const wanted = unitsByProduct(shelfUnits([{ ...line, name: '' }]));
    let fits = true;
    for (const [productId, units] of wanted) {
      const total = (claimed.get(productId) ?? 0) + units;
      claimed.set(productId, total);
      const left = unitsLeft(productId);
      if (left === null || total > left) fits = false;
    }
    return fits;
  });
}

/** What a set's components would cost bought one by one, and what the set saves against that (never below 0). */
export function setSaving(setPricePaise: number, components: readonly { quantity: number; unitPricePaise: number }[]): { separatePaise: number; savingPaise: number } {
  const separatePaise = components.reduce((sum, component) => sum + component.quantity * component.unitPricePaise, 0);
  return { separatePaise, savingPaise: Math.max(0, separatePaise - setPricePaise) };
}

/** The set's contents in words, for the invoice line and the e-mails: '6 × 2ml: Moon Veil, Ember Rite, …'. */
export function setContents(components: readonly Pick<SetComponent, 'size' | 'quantity' | 'name'>[]): string {
  return components.map((component) => `${component.quantity > 1 ? `${component.quantity} × ` : ''}${component.name} ${component.size}`).join(', ');
}

/** A potion the back office may put in a set, as the product table has it. */
export interface ComponentCandidate {
  productId: number;
  archived: boolean;
  isSet: boolean;
  sizes: readonly string[];
}

/**
 * Why a set's components cannot be saved, naming the field (`components.2.productId`), or null. A set may not
 * hold itself, another set (a set's units are its components'; nesting would hide them), an archived or unknown
 * potion, a size the potion does not come in, or one potion and size twice.
 */
export function setComponentsProblem(
  setId: number | null,
  components: readonly Pick<SetComponent, 'productId' | 'size' | 'quantity'>[],
  candidate: (productId: number) => ComponentCandidate | undefined,
): { field: string; message: string } | null {
  if (components.length === 0) return { field: 'components', message: 'A set needs at least one potion' };
  if (components.length > SET_MAX_COMPONENTS) return { field: 'components', message: `A set may hold at most ${SET_MAX_COMPONENTS} potions` };
  const seen = new Set<string>();
  for (const [index, component] of components.entries()) {
    const at = `components.${index}`;
    if (setId !== null && component.productId === setId) return { field: `${at}.productId`, message: 'A set cannot contain itself' };
    const found = candidate(component.productId);
    if (!found) return { field: `${at}.productId`, message: `Product ${component.productId} does not exist` };
    if (found.archived) return { field: `${at}.productId`, message: `Product ${component.productId} is archived and cannot go in a set` };
    if (found.isSet) return { field: `${at}.productId`, message: 'A set cannot contain another set' };
    if (!found.sizes.includes(component.size)) return { field: `${at}.size`, message: `Product ${component.productId} does not come in ${component.size}` };
    if (!Number.isInteger(component.quantity) || component.quantity < 1 || component.quantity > SET_MAX_COMPONENT_QUANTITY) {
      return { field: `${at}.quantity`, message: `quantity must be a whole number from 1 to ${SET_MAX_COMPONENT_QUANTITY}` };
    }
    const key = `${component.productId}-${component.size}`;
    if (seen.has(key)) return { field: `${at}.size`, message: 'This potion and size is in the set already; raise its quantity instead' };
    seen.add(key);
  }
  return null;
}

/** A sold line as the invoice describes it: the potion and size, or the set with what is inside it. */
export function soldLineDescription(line: { name: string; size: string; components?: readonly Pick<SetComponent, 'size' | 'quantity' | 'name'>[] | null }): string {
  const described = `${line.name} (${line.size})`;
  return line.components?.length ? `${described}: ${setContents(line.components)}` : described;
}
