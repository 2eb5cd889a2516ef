import type { Festival } from './festivals.ts';
import type { Category, Product, ProductListQuery, ProductListResponse } from './products.ts';
import type { GrievanceOfficer } from './grievances.ts';

/**
 * What the server hands to page loaders. Pages render on the server with the same services the JSON API
 * uses, without an HTTP round trip to itself; the browser never sees this object.
 */
export interface ShopApi {
  products: {
    list(query: ProductListQuery): Promise<Omit<ProductListResponse, 'success'>>;
    find(idOrSlug: string): Promise<Product | null>;
    categories(): Promise<Category[]>;
  };
  festivals: {
    /** Live festivals, highest priority first (the home banner renders them on the server). */
    active(): Promise<Festival[]>;
  };
  /** The grievance officer the settings name (E-Commerce Rules 2020, rule 4(4)), shown on /contact and /grievances. */
  grievanceOfficer: GrievanceOfficer;
  payments: {
    /** True while the sandbox provider stands in for Razorpay: checkout says that no money moves. */
    sandbox: boolean;
  };
  /** The tags shoppers may allow on the cookie banner; both null, no banner and no tag. */
  analyticsTags: AnalyticsTags;
}

export interface AnalyticsTags {
  ga4MeasurementId: string | null;
  metaPixelId: string | null;
}

export interface ShopLoadContext {
  shop: ShopApi;
  /** Absolute origin of the shop (for canonical URLs and Open Graph tags), e.g. https://deosil.in */
  origin: string;
  /**
   * Per-request nonce that the Content-Security-Policy allows for inline scripts; absent for a page rendered
   * for the page cache, whose policy lists its inline scripts' hashes instead (decision 25).
   */
  cspNonce?: string;
}
