import { formatPaise } from './money.ts';

/**
 * What a potion must declare before it is offered for sale, and the figures computed from it.
 *
 * Legal Metrology (Packaged Commodities) Rules 2011, rule 6(1): the name and address of the manufacturer, packer
 * or importer, the country of origin, the common or generic name, the net quantity, the retail sale price (MRP,
 * inclusive of all taxes), the consumer-care contact, and for goods that may become unfit, a best-before or
 * use-by date; rule 6(11) as substituted in 2022 (G.S.R. 226(E)): the unit sale price, in rupees to two decimals,
 * per millilitre under one litre and per litre above it. Rule 10 asks an e-commerce seller to show these on the
 * page before the sale. Perfume is not a food, so best-before is arguably optional; the stricter reading is
 * taken and it is required (decision record 0037).
 */

export const MAKER_ROLES = ['manufacturer', 'packer', 'importer'] as const;
export type MakerRole = (typeof MAKER_ROLES)[number];

/** How the maker line reads on the page and the invoice. */
export const MAKER_ROLE_LABELS: Record<MakerRole, string> = {
  manufacturer: 'Manufactured by',
  packer: 'Packed by',
  importer: 'Imported by',
};

export interface ProductDeclarations {
  genericName: string | null;
  makerRole: MakerRole | null;
  makerName: string | null;
  makerAddress: string | null;
  countryOfOrigin: string | null;
  bestBefore: string | null;
  consumerCare: string | null;
}

/** Every product-level declaration, in the order the page lists them. */
export const DECLARATION_FIELDS = ['genericName', 'makerRole', 'makerName', 'makerAddress', 'countryOfOrigin', 'bestBefore', 'consumerCare'] as const satisfies readonly (keyof ProductDeclarations)[];
export type DeclarationField = (typeof DECLARATION_FIELDS)[number];

export const DECLARATION_LABELS: Record<DeclarationField, string> = {
  genericName: 'Generic name',
  makerRole: 'Manufacturer, packer or importer',
  makerName: "Maker's name",
  makerAddress: "Maker's address",
  countryOfOrigin: 'Country of origin',
  bestBefore: 'Best before',
  consumerCare: 'Consumer care',
};

/** A size as the declarations read it: its label, and the millilitres it declares (null when none is stored). */
export interface DeclaredSize {
  size: string;
  netQuantityMl?: number | null;
}

const filled = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim().length > 0;

/** '50ml', '50 ml', '50ml - Special' → 50; a label that names no millilitres → null. */
export function netQuantityFromLabel(label: string): number | null {
  const match = /(\d{1,5})\s*ml\b/i.exec(label);
  const ml = match ? Number(match[1]) : 0;
  return ml > 0 ? ml : null;
}

/** The size's own declared quantity, else the one its label names. */
export function netQuantityOf(size: DeclaredSize): number | null {
  return size.netQuantityMl && size.netQuantityMl > 0 ? size.netQuantityMl : netQuantityFromLabel(size.size);
}

/**
 * The declarations the product is missing, as the fields a form shows them under ('makerName',
 * 'sizes.1.netQuantityMl'); empty when it may be offered for sale.
 */
export function missingDeclarations(declarations: Partial<ProductDeclarations>, sizes: readonly DeclaredSize[]): string[] {
  const missing: string[] = DECLARATION_FIELDS.filter((field) => !filled(declarations[field]));
  sizes.forEach((size, index) => {
    if (netQuantityOf(size) === null) missing.push(`sizes.${index}.netQuantityMl`);
  });
  return missing;
}

export interface UnitSalePrice {
  paise: number;
  per: 'ml' | 'l';
}

/**
 * Rule 6(11): rupees rounded to two decimals, per millilitre when the bottle holds less than a litre, per litre
 * from a litre up (the rule says "more than one litre"; a one-litre bottle's price is its price per litre).
 */
export function unitSalePrice(pricePaise: number, netQuantityMl: number): UnitSalePrice {
  if (netQuantityMl < 1000) return { paise: Math.round(pricePaise / netQuantityMl), per: 'ml' };
  return { paise: Math.round((pricePaise * 1000) / netQuantityMl), per: 'l' };
}

/** '₹59.98 per ml'. */
export function formatUnitSalePrice(price: UnitSalePrice): string {
  return `${formatPaise(price.paise)} per ${price.per}`;
}

/** One size's price declarations: its net quantity, its MRP (the price, which includes GST) and its unit sale price. */
export interface SizeDeclaration {
  netQuantityMl: number | null;
  mrpPaise: number;
  unitSalePrice: UnitSalePrice | null;
}

export function declareSize(size: DeclaredSize, pricePaise: number): SizeDeclaration {
  const netQuantityMl = netQuantityOf(size);
  return { netQuantityMl, mrpPaise: pricePaise, unitSalePrice: netQuantityMl === null ? null : unitSalePrice(pricePaise, netQuantityMl) };
}

/** Who answers for the bottle, by the role chosen: { label: 'Manufactured by', value: 'Deosil …, 14 Moonlight Lane, …' }. */
export function makerDetails(declarations: Pick<ProductDeclarations, 'makerRole' | 'makerName' | 'makerAddress'>): { label: string; value: string } | null {
  if (!declarations.makerRole || !filled(declarations.makerName)) return null;
  const address = filled(declarations.makerAddress) ? `, ${declarations.makerAddress!.trim()}` : '';
  return { label: MAKER_ROLE_LABELS[declarations.makerRole], value: `${declarations.makerName!.trim()}${address}` };
}

/** The maker line: 'Manufactured by Deosil Perfumes Private Limited, 14 Moonlight Lane, …'. */
export function makerLine(declarations: Pick<ProductDeclarations, 'makerRole' | 'makerName' | 'makerAddress'>): string | null {
  const maker = makerDetails(declarations);
  return maker ? `${maker.label} ${maker.value}` : null;
}

/**
 * The declarations a tax invoice line carries for one bottle: generic name, net quantity, MRP inclusive of all
 * taxes and country of origin ('Eau de Parfum · 50 ml · MRP ₹2,999.00 (incl. of all taxes) · Made in India').
 * The invoice already names the product, its HSN code and the price charged; these are what rule 6 adds.
 */
export function invoiceDeclarationLine(declarations: Pick<ProductDeclarations, 'genericName' | 'countryOfOrigin'>, size: SizeDeclaration): string {
  const parts = [
    filled(declarations.genericName) ? declarations.genericName!.trim() : null,
    size.netQuantityMl === null ? null : `${size.netQuantityMl} ml`,
    `MRP ${formatPaise(size.mrpPaise)} (incl. of all taxes)`,
    filled(declarations.countryOfOrigin) ? `Country of origin: ${declarations.countryOfOrigin!.trim()}` : null,
  ];
  return parts.filter((part): part is string => part !== null).join(' · ');
}
