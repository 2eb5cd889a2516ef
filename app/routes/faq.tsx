import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '../brand.ts';
import { PageHero } from '../features/content/content-layout.tsx';
import { sitePages } from '../features/content/site-pages.ts';
import { sitePageTags } from '../lib/seo.ts';
import type { Route } from './+types/faq';

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.faq, matches);
}

const linkClass = 'text-gold-bright underline decoration-gold/50 underline-offset-4';

const groups: { title: string; items: { q: string; a: ReactNode }[] }[] = [
  {
    title: 'Our potions',
    items: [
      {
        q: 'What exactly is a potion?',
        a: 'A potion is our name for a perfume: an eau de parfum with 18-22% fragrance oils, blended around an intention such as courage, desire or protection. They are worn like any perfume.',
      },
      {
        q: 'Are the potions safe for skin?',
        a: 'Yes. Every potion follows IFRA guidelines and is made with cosmetic-grade perfumer’s alcohol and oils. The full ingredient list is on each potion’s page. If your skin is sensitive, try a single spray on the inside of your elbow first.',
      },
      {
        q: 'Are your perfumes vegan and cruelty-free?',
        a: 'All our potions are cruelty-free and never tested on animals. Most are vegan; the few that use beeswax absolute say so in their ingredients.',
      },
      {
        q: 'How long does a potion last on skin?',
        a: 'Between six and ten hours on most skin, longer on clothing. The woody and resinous families last longest. Our rituals page has tips for hot and humid weather.',
      },
      {
        q: 'Which size should I buy?',
        a: 'Each potion comes in 15 ml, 30 ml and 50 ml. The 15 ml bottle is ideal for meeting a new potion or for your bag; the 50 ml is the best value per ml.',
      },
    ],
  },
  {
    title: 'Orders and payment',
    items: [
      {
        q: 'Which currency are prices in?',
        a: 'All prices are in Indian rupees (INR) and include GST. What you see in the cart is what you pay; shipping is always free.',
      },
      {
        q: 'How can I pay?',
        a: 'UPI, credit and debit cards, net banking and popular wallets through our secure payment partner. We never see or store your card details.',
      },
      {
        q: 'Can I use a festival coupon?',
        a: 'Yes. Active festival offers appear in your cart. One coupon applies per order, and some need a minimum order value.',
      },
      {
        q: 'Can I change or cancel my order?',
        a: (
          <>
            Write to us within a few hours of ordering at{' '}
            <a className={linkClass} href={`mailto:${brand.email}`}>
              {brand.email}
            </a>
            . If your potions have not been packed yet, we will change or cancel the order and refund you in full.
          </>
        ),
      },
    ],
  },
  {
    title: 'Shipping and returns',
    items: [
      {
        q: 'Do you ship everywhere in India?',
        a: (
          <>
            Yes, to every serviceable PIN code in India, free of charge. Orders are prepared in {brand.shipping.prepareDays} business
            days and delivered in {brand.shipping.deliveryDays} days. See{' '}
            <Link className={linkClass} to="/shipping">
              shipping
            </Link>{' '}
            for details.
          </>
        ),
      },
      {
        q: 'Do you ship outside India?',
        a: 'Not yet. Perfume travels as a restricted good, and we would rather do India well first.',
      },
      {
        q: 'What if my potion arrives damaged?',
        a: (
          <>
            Send us a photo within 48 hours of delivery and we will send a replacement at no cost. Our{' '}
            <Link className={linkClass} to="/returns">
              returns policy
            </Link>{' '}
            has the details.
          </>
        ),
      },
    ],
  },
];

/** An id may not contain spaces: 'Our potions' is `faq-our-potions`. */
const faqId = (title: string) => `faq-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

export default function Faq() {
  return (
    <>
      <PageHero eyebrow="Questions" title="Frequently asked questions">
        <p>
          Not answered here? <Link className={linkClass} to="/contact">Reach the coven</Link>; we reply within 24 hours.
        </p>
      </PageHero>
      <div className="mx-auto flex max-w-3xl flex-col gap-10 px-4 pb-20 sm:px-6">
        {groups.map((group) => (
          <section key={group.title} aria-labelledby={faqId(group.title)}>
            <h2 id={faqId(group.title)} className="mb-4 text-2xl text-gold-bright">
              {group.title}
            </h2>
            <div className="flex flex-col gap-3">
              {group.items.map((item) => (
                <details key={item.q} className="panel group p-0">
                  <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-display text-sm tracking-wide text-mist marker:hidden hover:text-gold-bright">
                    {item.q}
                    <span aria-hidden="true" className="text-2xl leading-none text-gold transition group-open:rotate-45">
                      +
                    </span>
                  </summary>
                  <div className="px-5 pb-5 text-ash">{item.a}</div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
