import { Link } from "react-router";
import { brand } from "../brand.ts";
import {
  PageHero,
  Prose,
  Updated,
} from "../features/content/content-layout.tsx";
import { sitePages } from "../features/content/site-pages.ts";
import { sitePageTags } from "../lib/seo.ts";
import type { Route } from "./+types/shipping";

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.shipping, matches);
}

export default function Shipping() {
  const { prepareDays, deliveryDays } = brand.shipping;
  return (
    <>
      <PageHero eyebrow="Shipping" title="Free shipping across India">
        <p>
          Every order, every potion, every PIN code we can reach: shipping is
          always free.{" "}
          <a
            href="#where-we-deliver"
            className="text-gold-bright underline underline-offset-4"
          >
            Where we deliver
          </a>
        </p>
      </PageHero>
      <Prose>
        <Updated date="27 November 2026" />
        <table>
          <thead>
            <tr>
              <th scope="col">Step</th>
              <th scope="col">Time</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>Preparing your order (packed by hand in our studio)</td>
              <td>{prepareDays} business days</td>
            </tr>
            <tr>
              <td>Delivery anywhere on the Indian mainland</td>
              <td>{deliveryDays} days after dispatch</td>
            </tr>
            <tr>
              <td>Shipping cost</td>
              <td>Free, always</td>
            </tr>
          </tbody>
        </table>
        <h2>When your order leaves us</h2>
        <p>
          We prepare orders Monday to Saturday, except national holidays. Orders
          placed before 2 pm IST usually leave the next business day; during
          Diwali and other festival rushes allow the full {prepareDays} business
          days. You receive an e-mail with the courier’s tracking link the
          moment your parcel is dispatched, and you can follow it in your
          orders.
        </p>
        <h2>How long delivery takes</h2>
        <p>
          Bengaluru is reached in 2 days and the metro cities in about 3; the
          rest of India takes about 5, and the North-East, Sikkim, Jammu and
          Kashmir and Ladakh up to 7. Enter your PIN code under any potion to
          see the day your parcel arrives: we count Monday to Saturday and skip
          national holidays. Perfume travels by surface transport, as air
          couriers restrict alcohol-based liquids, which is why we never promise
          next-day delivery.
        </p>
        <h2 id="where-we-deliver">Where we deliver</h2>
        <p>
          Every PIN code on the Indian mainland, free. Our surface couriers do
          not yet reach the islands, so we cannot deliver to the Andaman and
          Nicobar Islands (PIN codes 744xxx) or to Lakshadweep (682551 to
          682559); the PIN box and the checkout tell you before you pay.
        </p>
        <h2>Packaging</h2>
        <p>
          Each bottle is wrapped in recycled paper and cushioned in a moulded
          pulp cradle, then sealed in a plastic-free box. If a bottle ever
          arrives broken, see our <Link to="/returns">returns policy</Link>: we
          replace it free.
        </p>
        <h2>Cash on delivery and international orders</h2>
        <p>
          Pay online by card, UPI, net banking or wallet, or in cash on delivery
          where our courier collects cash: the checkout says whether it is
          offered for your PIN code and basket, and a cash-on-delivery order is
          confirmed by you from our e-mail before it is packed. We ship within
          India only for now.
        </p>
        <h2>Questions about a parcel</h2>
        <p>
          Write to <a href={`mailto:${brand.email}`}>{brand.email}</a> or call{" "}
          {brand.phone} ({brand.hours}) with your order number, and we will
          chase the courier for you.
        </p>
      </Prose>
    </>
  );
}
