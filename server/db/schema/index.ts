// The one list of tables drizzle-kit reads and the database client is typed with.
export * from './accounts.ts';
export * from './catalogue.ts';
export * from './relations.ts';
export * from './festivals.ts';
export * from './storefront.ts';
export * from './orders.ts';
export * from './reviews.ts';
export * from './profile.ts';
export * from './sales-rollup.ts';
export * from './mail.ts';
export * from './stock-waitlist.ts';
export * from './shipping.ts';
export * from './mailing-lists.ts';
export * from './privacy.ts';
export * from './sign-in.ts';
export * from './sms.ts';
export * from './address-book.ts';
