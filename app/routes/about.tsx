import { Link } from 'react-router';
import { brand } from '../brand.ts';
import { PageHero } from '../features/content/content-layout.tsx';
import { sitePages } from '../features/content/site-pages.ts';
import { sitePageTags } from '../lib/seo.ts';
import type { Route } from './+types/about';

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.about, matches);
}

const values = [
  {
    title: 'Intent before ingredients',
    text: 'Every potion starts as a sentence: what should the wearer feel braver, softer or safer about? Only then do we reach for oils.',
  },
  {
    title: 'Slow is the secret',
    text: 'Our blends rest for a full lunar cycle. Perfume that is rushed smells thin; perfume that is rested smells like it has always existed.',
  },
  {
    title: 'Made in India, for Indian weather',
    text: 'We test every potion through a Bengaluru monsoon and a Delhi May, so it lasts in the heat and humidity you actually live in.',
  },
  {
    title: 'Kind to the earth',
    text: 'Cruelty-free, vegan where the recipe allows, refillable glass, and plastic-free packing from our studio to your door.',
  },
];

const phases = [
  {
    phase: 'New Moon',
    title: 'Intention',
    text: 'In the dark of the month we write the intent of the batch and choose its oils, resins and attars.',
    icon: <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" />,
  },
  {
    phase: 'Waxing Moon',
    title: 'Blending',
    text: 'As the light grows, the blend is weighed by hand and stirred deosil, nine turns, in small glass vessels.',
    icon: (
      <>
        <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M12 4a8 8 0 0 1 0 16a5 8 0 0 0 0-16Z" fill="currentColor" />
      </>
    ),
  },
  {
    phase: 'Full Moon',
    title: 'Charging',
    text: 'Sealed in amber glass, the potions rest on the studio sill under the full moon while the notes marry.',
    icon: <circle cx="12" cy="12" r="8" fill="currentColor" />,
  },
  {
    phase: 'Waning Moon',
    title: 'Bottling',
    text: 'As the moon wanes we filter, bottle, label and wax-seal each potion, ready to travel to you.',
    icon: (
      <>
        <circle cx="12" cy="12" r="8" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path d="M12 4a8 8 0 0 0 0 16a5 8 0 0 1 0-16Z" fill="currentColor" />
      </>
    ),
  },
];

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0] ?? '')
    .join('')
    .toUpperCase();

export default function About() {
  return (
    <>
      <PageHero eyebrow="About us" title="Our dark arts story">
        <p>
          Two friends, one candle-lit studio in {brand.address.city}, and a belief that a scent can change how a day
          goes.
        </p>
      </PageHero>

      <section aria-labelledby="story-heading" className="mx-auto grid max-w-5xl gap-8 px-4 pb-16 sm:px-6 md:grid-cols-2">
        <h2 id="story-heading" className="text-2xl text-gold-bright sm:text-3xl md:col-span-2">
          How it began
        </h2>
        <p className="text-ash">
          {brand.name} began in {brand.founded} on a balcony, with a shelf of attar bottles from Kannauj, a stack of
          second-hand herbals and a question: what if perfume were made the way our grandmothers made remedies, with
          intention, patience and the moon in mind? The first batch was eight bottles of what would become Valor,
          given to friends who were starting new jobs.
        </p>
        <p className="text-ash">
          Those friends came back for more, and then their friends did. Today the eight signature scents and the
          families around them are still blended by hand in small batches, rested for a lunar cycle and sent across
          India from our studio. We are still small, on purpose: small enough to answer every message ourselves.
        </p>
      </section>

      <section aria-labelledby="founders-heading" className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
        <h2 id="founders-heading" className="mb-8 text-center text-2xl text-gold-bright sm:text-3xl">
          The founders
        </h2>
        <ul className="grid gap-6 md:grid-cols-2">
          {brand.founders.map((founder) => (
            <li key={founder.name} className="panel flex flex-col items-center gap-4 p-8 text-center">
              <span
                aria-hidden="true"
                className="flex h-20 w-20 items-center justify-center rounded-full border border-gold/60 bg-night font-display text-2xl text-gold-bright"
              >
                {initials(founder.name)}
              </span>
              <div>
                <h3 className="text-xl text-gold-bright">{founder.name}</h3>
                <p className="eyebrow mt-1">{founder.role}</p>
              </div>
              <p className="text-ash">{founder.bio}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="values-heading" className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
        <h2 id="values-heading" className="mb-8 text-center text-2xl text-gold-bright sm:text-3xl">
          What we hold to
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {values.map((value) => (
            <li key={value.title} className="panel p-6">
              <h3 className="text-lg text-gold-bright">{value.title}</h3>
              <p className="mt-2 text-ash">{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="phases-heading" className="mx-auto max-w-6xl px-4 pb-16 sm:px-6">
        <p className="eyebrow text-center">The lunar cycle</p>
        <h2 id="phases-heading" className="mt-2 mb-8 text-center text-2xl text-gold-bright sm:text-3xl">
          Four phases of every potion
        </h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {phases.map((step, index) => (
            <li key={step.phase} className="panel flex flex-col items-center gap-3 p-6 text-center">
              <svg viewBox="0 0 24 24" aria-hidden="true" className="h-12 w-12 text-gold-bright">
                {step.icon}
              </svg>
              <p className="eyebrow">
                {index + 1}. {step.phase}
              </p>
              <h3 className="text-lg text-gold-bright">{step.title}</h3>
              <p className="text-sm text-ash">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto flex max-w-3xl flex-col items-center gap-5 px-4 pb-20 text-center">
        <h2 className="text-2xl text-gold-bright">Find the potion that finds you</h2>
        <p className="text-ash">Browse the collection, or write to us and we will help you choose.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Link to="/products" className="btn-gold">
            EXPLORE POTIONS
          </Link>
          <Link to="/contact" className="btn-ghost">
            REACH THE COVEN
          </Link>
        </div>
      </section>
    </>
  );
}
