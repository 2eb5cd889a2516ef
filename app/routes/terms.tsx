import { Link } from 'react-router';
import { brand, brandAddressLine } from '../brand.ts';
import { PageHero, Prose, Updated } from '../features/content/content-layout.tsx';
import { sitePages } from '../features/content/site-pages.ts';
import { sitePageTags } from '../lib/seo.ts';
import type { Route } from './+types/terms';

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.terms, matches);
}

export default function Terms() {
  return (
    <>
      <PageHero eyebrow="Terms" title="Terms of sale and use">
        <p>The plain-language agreement between you and {brand.name} when you browse and buy.</p>
      </PageHero>
      <Prose>
        <Updated date="1 November 2026" />
        <h2>1. Who we are</h2>
        <p>
          This website is run by {brand.legalName}, {brandAddressLine}. By using it or placing an order you agree to
          these terms.
        </p>
        <h2>2. Our potions</h2>
        <p>
          Our perfumes are cosmetic products for external use. The “magical effects” we describe are part of the story
          and the pleasure of wearing them; they are not medical, therapeutic or supernatural claims. Colours of
          liquids and packaging may vary slightly from the photographs, as each batch is made by hand.
        </p>
        <h2>3. Prices and payment</h2>
        <p>
          Prices are in Indian rupees (INR) and include GST. Shipping within India is free. We may change prices at any
          time, but the price you pay is the one shown when you placed your order. Payment is taken in full when you
          order, through our payment partner.
        </p>
        <h2>4. Orders</h2>
        <p>
          Your order is a request to buy; a contract is formed when we confirm it by e-mail. We may decline or cancel an
          order if a potion is out of stock, a price was shown in error or we suspect fraud; you then receive a full
          refund.
        </p>
        <h2>5. Coupons</h2>
        <p>
          Festival coupons are valid only between their start and end dates, once per order, subject to any minimum
          order value and maximum discount shown with the coupon, and cannot be exchanged for cash.
        </p>
        <h2>6. Delivery</h2>
        <p>
          We deliver within India only. Orders are prepared in {brand.shipping.prepareDays} business days and delivered
          in {brand.shipping.deliveryDays} days; see <Link to="/shipping">shipping</Link>. Risk passes to you on delivery.
        </p>
        <h2>7. Returns and refunds</h2>
        <p>
          Our <Link to="/returns">returns policy</Link> forms part of these terms and does not limit your rights under the
          Consumer Protection Act, 2019.
        </p>
        <h2>8. Your account and reviews</h2>
        <p>
          Keep your password private; you are responsible for activity on your account. Reviews must be honest and
          about a potion you have tried; we may remove reviews that are abusive, unlawful or unrelated.
        </p>
        <h2>9. Intellectual property</h2>
        <p>
          The names, recipes, text, artwork and design of this website belong to {brand.legalName}. Please do not copy
          them without our written permission.
        </p>
        <h2>10. Liability</h2>
        <p>
          Patch-test a potion if you have sensitive skin and stop using it if irritation occurs. To the extent the law
          allows, our liability for any order is limited to the amount you paid for it. Nothing in these terms limits
          liability that cannot be limited under Indian law.
        </p>
        <h2>11. Governing law</h2>
        <p>
          These terms are governed by the laws of India, and the courts of Bengaluru, Karnataka have jurisdiction.
          Questions? Write to <a href={`mailto:${brand.email}`}>{brand.email}</a>.
        </p>
      </Prose>
    </>
  );
}
