/** When a shopper waiting for a sold-out potion, or one sold-out size of it, may buy again. */

export interface StockState {
  inventory: number;
  /** The potion's own sizes; a potion without any sells one default size that follows the inventory. */
  sizes: { size: string; inStock: boolean }[];
}

/** '' is the whole potion: any size of it. */
export const WHOLE_POTION = '';

export function isAvailable(state: StockState, size: string): boolean {
  if (state.inventory <= 0) return false;
  if (size === WHOLE_POTION || state.sizes.length === 0) return true;
  return state.sizes.some((entry) => entry.size === size && entry.inStock);
}

/** A wait ends on the change that makes its potion (size) buyable, not on every edit while it already was. */
export function restocked(before: StockState, after: StockState, size: string): boolean {
  return !isAvailable(before, size) && isAvailable(after, size);
}
