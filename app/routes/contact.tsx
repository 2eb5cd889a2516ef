import { brand, brandAddressLine } from '../brand.ts';
import { ContactForm } from '../features/content/contact-form.tsx';
import { PageHero } from '../features/content/content-layout.tsx';
import { sitePages } from '../features/content/site-pages.ts';
import { sitePageTags } from '../lib/seo.ts';
import { GrievanceOfficerCard } from '../features/grievances/grievance-officer.tsx';
import { Link } from '../lib/link.tsx';
import type { Route } from './+types/contact';

export function loader({ context }: Route.LoaderArgs) {
  return { officer: context.shop.grievanceOfficer };
}

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.contact, matches);
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHero eyebrow="Contact us" title="Reach the coven">
        <p>
          A question about a potion, an order that has gone astray, a custom blend for a wedding? Write to us. A real
          person replies within 24 hours.
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 pb-20 sm:px-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <ContactForm />
        <aside aria-labelledby="other-ways" className="panel flex flex-col gap-5 p-6 sm:p-8">
          <h2 id="other-ways" className="text-xl text-gold-bright">
            Other ways to reach us
          </h2>
          <dl className="flex flex-col gap-4">
            <div>
              <dt className="eyebrow">Email</dt>
              <dd className="mt-1">
                <a href={`mailto:${brand.email}`} className="text-mist underline decoration-gold/50 underline-offset-4 hover:text-gold-bright">
                  {brand.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="eyebrow">Phone</dt>
              <dd className="mt-1">
                <a href={`tel:${brand.phoneHref}`} className="text-mist underline decoration-gold/50 underline-offset-4 hover:text-gold-bright">
                  {brand.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="eyebrow">WhatsApp</dt>
              <dd className="mt-1">
                <a href={brand.whatsappUrl} target="_blank" rel="noopener noreferrer" className="text-mist underline decoration-gold/50 underline-offset-4 hover:text-gold-bright">
                  Chat with us<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </dd>
            </div>
            <div>
              <dt className="eyebrow">Studio</dt>
              <dd className="mt-1 text-ash">
                <address className="not-italic">{brandAddressLine}</address>
                <p className="mt-1 text-sm">Visits by appointment only.</p>
              </dd>
            </div>
            <div>
              <dt className="eyebrow">Hours</dt>
              <dd className="mt-1 text-ash">{brand.hours}</dd>
            </div>
          </dl>
        </aside>
        <div className="flex flex-col gap-3 lg:col-start-2">
          <GrievanceOfficerCard officer={loaderData.officer} />
          <p className="text-sm text-ash">
            Sent a complaint? <Link to="/grievances" className="text-gold underline underline-offset-4 hover:text-gold-bright">Follow it by its ticket number</Link>.
          </p>
        </div>
      </div>
    </>
  );
}
