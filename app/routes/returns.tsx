import { brand } from '../brand.ts';
import { PageHero, Prose, Updated } from '../features/content/content-layout.tsx';
import { sitePages } from '../features/content/site-pages.ts';
import { sitePageTags } from '../lib/seo.ts';
import { Link } from '../lib/link.tsx';
import type { Route } from './+types/returns';

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.returns, matches);
}

export default function Returns() {
  const days = brand.shipping.returnDays;
  return (
    <>
      <PageHero eyebrow="Returns" title="Returns and refunds">
        <p>If something is not right, we will make it right. Here is exactly how.</p>
      </PageHero>
      <Prose>
        <Updated date="1 November 2026" />
        <h2>Damaged, leaking or wrong potions</h2>
        <p>
          If a bottle arrives broken or leaking, or you received a potion you did not order, e-mail{' '}
          <a href={`mailto:${brand.email}`}>{brand.email}</a> within <strong>48 hours of delivery</strong> with your order
          number and a photo of the parcel and bottle. We send a replacement at no cost, or refund you in full if you
          prefer. You do not need to send the damaged bottle back.
        </p>
        <h2>Changed your mind?</h2>
        <p>
          Unopened potions, with the seal and cellophane intact, can be returned within <strong>{days} days of delivery</strong>.
          Ask for the return on your order's page (<strong>Return potions</strong>: choose the potions, a reason, and add
          up to 3 photos if something is damaged) and we will arrange a pick-up from your address; the return pick-up is
          free. We reply within 2 working days, and you hear from us in the shop and by e-mail at every step. Once the
          parcel reaches our studio and we have checked the seal, we refund the price you paid for the returned potions.
        </p>
        <p>
          For reasons of hygiene we cannot take back potions that have been opened or sprayed, unless they are faulty.
          If you are unsure about a potion, start with the 15 ml bottle.
        </p>
        <h2>Refunds</h2>
        <ul>
          <li>Refunds go back to the original payment method: UPI, card, net banking or wallet.</li>
          <li>
            Paid in cash on delivery? There is no card to refund to, so we send the money to your UPI ID (add it on your
            order&apos;s page), or by bank transfer if you have none, and e-mail you the transaction reference (UTR).
          </li>
          <li>We start the refund within 2 business days of approving it; banks usually credit it within 5-7 business days.</li>
          <li>If you used a festival coupon, the refund is the amount you actually paid: a returned potion gives back its price less its share of the discount.</li>
        </ul>
        <h2>Cancellations</h2>
        <p>
          You can cancel an order free of charge until it has been dispatched. Write to us with your order number; the
          full amount is refunded to your original payment method. A cash-on-delivery order cancelled before it
          reaches you costs nothing, as nothing was paid.
        </p>
        <h2>Your rights</h2>
        <p>
          This policy is in addition to your rights under the Consumer Protection Act, 2019 and the Consumer
          Protection (E-Commerce) Rules, 2020. For complaints you can also reach our{' '}
          <Link to="/grievances">grievance officer</Link>, and follow your complaint there by its ticket number.
        </p>
      </Prose>
    </>
  );
}
