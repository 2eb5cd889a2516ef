import { Link } from 'react-router';
import { PageHero, Prose } from '../features/content/content-layout.tsx';
import { sitePages } from '../features/content/site-pages.ts';
import { sitePageTags } from '../lib/seo.ts';
import type { Route } from './+types/rituals';

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.rituals, matches);
}

export default function Rituals() {
  return (
    <>
      <PageHero eyebrow="Scent rituals" title="How to wear a potion">
        <p>A potion works best with a little ceremony. None of it is difficult; all of it makes the scent last longer.</p>
      </PageHero>
      <Prose>
        <h2>The morning anointing</h2>
        <ol>
          <li>Apply after a shower, onto clean, lightly moisturised skin: scent clings to moisture far better than to dry skin.</li>
          <li>Spray once on each wrist, once at the base of the throat and, if you like, once behind each knee. Heat rises, and so does scent.</li>
          <li>Do not rub your wrists together. Rubbing crushes the top notes and hurries the potion to its base.</li>
          <li>Hold a quiet thought for the day as the first notes lift. This is the part we cannot prove works, and the part we would never skip.</li>
        </ol>
        <h2>Layering potions</h2>
        <p>
          Potions from the same family layer well. Wear the heavier, woodier one first and the brighter one over it:
          Hearthguard under Valor for a long, brave day; Raat Rani over Velvet Hex for an evening out. Start with one
          spray of each and build from there.
        </p>
        <h2>Making a scent last in Indian weather</h2>
        <ul>
          <li>In humid months, spray onto your clothes and scarf as well as your skin; fabric holds scent longer than warm skin.</li>
          <li>In the dry heat of summer, a thin layer of unscented moisturiser before spraying doubles the wear.</li>
          <li>Carry the 15 ml bottle in your bag for an evening touch-up.</li>
        </ul>
        <h2>Caring for your bottle</h2>
        <p>
          Light, heat and air are a perfume's enemies. Keep your potions in their box or a drawer, away from windows
          and bathrooms, and keep the cap on. Stored this way, a potion keeps for three years or more; it may deepen in
          colour over time, which is natural and harmless.
        </p>
        <h2>A gentle word of caution</h2>
        <p>
          Our potions are for external use only. If you have sensitive skin, test a single spray on the inside of your
          elbow and wait a day. Keep bottles away from children, flames and your eyes.
        </p>
        <p>
          Ready to begin? <Link to="/products">Find your potion</Link>, or <Link to="/contact">ask us</Link> to suggest
          one.
        </p>
      </Prose>
    </>
  );
}
