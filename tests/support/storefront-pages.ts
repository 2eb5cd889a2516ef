/** The storefront's pages anyone can open, for the checks that hold on every page (valid HTML, no sideways scrolling). */
export const STOREFRONT_PAGES = ['/', '/products', '/products/valor', '/collection', '/rituals', '/about', '/contact', '/grievances', '/faq', '/shipping', '/returns', '/privacy', '/terms'] as const;

/** The signed-in customer's own pages. */
export const ACCOUNT_PAGES = ['/profile', '/orders', '/orders/track'] as const;
