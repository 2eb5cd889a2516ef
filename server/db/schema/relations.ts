import { relations } from 'drizzle-orm';
import { categories, productSizes, products } from './catalogue.ts';

export const productRelations = relations(products, ({ many, one }) => ({
  sizes: many(productSizes),
  category: one(categories, { fields: [products.categoryId], references: [categories.id] }),
}));

export const productSizeRelations = relations(productSizes, ({ one }) => ({
  product: one(products, { fields: [productSizes.productId], references: [products.id] }),
}));
