/**
 * A product's stock is one count shared by all its sizes: a 15 ml and a 30 ml bottle of one potion both come out
 * of the same inventory. So the units a basket asks of a product are the sum of its lines across sizes.
 */
export interface UnitsLine {
  productId: number;
  quantity: number;
}

export function unitsByProduct(lines: readonly UnitsLine[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of lines) units.set(line.productId, (units.get(line.productId) ?? 0) + line.quantity);
  return units;
}

/** One line per product carrying the units of all its sizes, the first line's other fields kept. */
export function linesPerProduct<T extends UnitsLine>(lines: readonly T[]): T[] {
  const units = unitsByProduct(lines);
  const seen = new Map<number, T>();
  for (const line of lines) if (!seen.has(line.productId)) seen.set(line.productId, { ...line, quantity: units.get(line.productId)! });
  return [...seen.values()];
}

/**
 * For each line in basket order, the units of its product that this line and the lines before it ask for. A line
 * is short when that exceeds the product's inventory: the stock goes to the earlier sizes first, so the quote
 * names the line that tips the product over and still prices the ones that fit.
 */
export function unitsClaimedThrough(lines: readonly UnitsLine[]): number[] {
  const claimed = new Map<number, number>();
  return lines.map((line) => {
    const total = (claimed.get(line.productId) ?? 0) + line.quantity;
    claimed.set(line.productId, total);
    return total;
  });
}

/**
 * Whether a stock move changes what the storefront shows: a potion (and each of its sizes) is shown in stock or
 * sold out, never with its count, so only a move across zero does. Checkouts move stock on every order; the
 * cached catalogue and pages are cleared for the moves that show, and otherwise catch up within their TTL.
 */
export function showsOnStorefront(change: { before: number; after: number }): boolean {
  return change.before > 0 !== change.after > 0;
}
