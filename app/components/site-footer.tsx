import { brand, brandAddressLine } from '../brand.ts';
import { sitePages } from '../features/content/site-pages.ts';
import { openCookieChoices, useAnalyticsTags } from '../features/consent/index.ts';
import { NewsletterForm } from './newsletter-form.tsx';
import { Link } from '../lib/link.tsx';

const shopLinks = [sitePages.products, sitePages.collection, sitePages.finder, sitePages.giftCards, sitePages.rituals, sitePages.about, sitePages.contact];
const helpLinks = [sitePages.faq, sitePages.shipping, sitePages.returns, sitePages.grievances, sitePages.privacy, sitePages.terms];

function InstagramIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5">
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <circle cx="17.3" cy="6.7" r="1.1" fill="currentColor" />
    </svg>
  );
}

function WhatsAppIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-5 w-5">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
        d="M4 20l1.3-4A8 8 0 1 1 8 18.7L4 20Z"
      />
      <path fill="currentColor" d="M9.2 8.2c.3-.4.7-.4.9 0l.7 1.5c.1.3 0 .6-.2.8l-.4.4c.5 1.1 1.4 2 2.5 2.5l.4-.4c.2-.2.5-.3.8-.2l1.5.7c.4.2.4.6 0 .9-.8.8-1.9 1-3 .5a8 8 0 0 1-3.7-3.7c-.5-1.1-.3-2.2.5-3Z" />
    </svg>
  );
}

function LinkColumn({ title, links }: { title: string; links: readonly { path: string; label: string }[] }) {
  return (
    <div>
      <h2 className="eyebrow mb-3">{title}</h2>
      <ul className="flex flex-col gap-1 text-sm">
        {links.map((link) => (
          <li key={link.path}>
            <Link to={link.path} className="inline-block py-1.5 text-ash transition hover:text-gold-bright">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Reopens the cookie banner to change the choice; shown only when the shop has tags to ask about. */
function CookieChoicesButton() {
  const tags = useAnalyticsTags();
  if (!tags) return null;
  return (
    <button type="button" onClick={openCookieChoices} className="self-start text-left underline underline-offset-4 hover:text-gold-bright">
      Cookie choices
    </button>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-shadow bg-night/90">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr]">
        <div className="flex flex-col gap-4">
          <p className="font-display text-lg tracking-[0.2em] text-gold-bright">{brand.name.toUpperCase()}</p>
          <p className="max-w-sm text-sm text-ash">{brand.tagline}. Blended by hand in small batches, shipped free across mainland India.</p>
          <ul className="flex gap-3" aria-label="Social links">
            <li>
              <a
                href={brand.instagramUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-shadow text-gold-bright transition hover:border-gold"
              >
                <InstagramIcon />
                <span className="sr-only">Instagram (opens in a new tab)</span>
              </a>
            </li>
            <li>
              <a
                href={brand.whatsappUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex h-11 w-11 items-center justify-center rounded-full border border-shadow text-gold-bright transition hover:border-gold"
              >
                <WhatsAppIcon />
                <span className="sr-only">Chat on WhatsApp (opens in a new tab)</span>
              </a>
            </li>
          </ul>
        </div>
        <LinkColumn title="The Shop" links={shopLinks} />
        <LinkColumn title="Help" links={helpLinks} />
        <NewsletterForm />
      </div>
      <div className="border-t border-shadow/70">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-xs text-ash sm:px-6 md:flex-row md:justify-between">
          <p>
            © {new Date().getFullYear()} {brand.name}. Prices in Indian rupees (INR), inclusive of GST. Free shipping to every PIN code <Link to="/shipping#where-we-deliver" className="underline underline-offset-4 hover:text-gold-bright">we deliver to</Link>.
          </p>
          <CookieChoicesButton />
          <address className="not-italic">
            {brandAddressLine} ·{' '}
            <a href={`mailto:${brand.email}`} className="underline decoration-gold/40 underline-offset-2 hover:text-gold-bright">
              {brand.email}
            </a>
          </address>
        </div>
      </div>
    </footer>
  );
}
