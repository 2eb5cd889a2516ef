import type { ShopLoadContext } from '../contracts/shop-api.ts';

// Page loaders receive the server's services through React Router's load context.
declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ShopLoadContext {}
}

export {};
