import { Link } from 'react-router';
import { CONSENT_CATEGORIES } from '../../domain/cookie-consent.ts';
import { PRIVACY_NOTICE_VERSION, RETENTION_NOTICES } from '../../domain/data-rights.ts';
import { brand, brandAddressLine } from '../brand.ts';
import { PageHero, Prose, Updated } from '../features/content/content-layout.tsx';
import { sitePages } from '../features/content/site-pages.ts';
import { sitePageTags } from '../lib/seo.ts';
import type { Route } from './+types/privacy';

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.privacy, matches);
}

export default function Privacy() {
  return (
    <>
      <PageHero eyebrow="Privacy" title="Privacy policy">
        <p>We collect only what we need to send you potions, and we never sell it.</p>
      </PageHero>
      <Prose>
        <Updated date="27 November 2026" />
        <p>
          This policy explains how {brand.legalName} (“{brand.name}”, “we”) handles personal data when you use this
          website or buy from us. It is written to comply with the Digital Personal Data Protection Act, 2023 and the
          Information Technology Act, 2000 and its rules.
        </p>
        <h2>What we collect</h2>
        <ul>
          <li><strong>Account details</strong>: your name, e-mail address, password (stored only as a secure hash) and any preferences you choose to share, such as your birth sign.</li>
          <li><strong>Order details</strong>: delivery address, phone number and the potions you ordered. Payments are handled by our payment partner; we never receive your full card number or UPI PIN.</li>
          <li><strong>Messages</strong>: what you send through the contact form, by e-mail or on WhatsApp.</li>
          <li><strong>Newsletter</strong>: your e-mail address, if you subscribe.</li>
          <li><strong>Where you came from</strong>: if you arrive through one of our campaign links (its utm_ tags) or from another website, a cookie of this shop (deosil_touch, 90 days) notes which, and your order keeps the first and the last. We use it only to see which of our campaigns bring orders; it is never shared.</li>
          <li><strong>Technical data</strong>: basic server logs (IP address, browser, pages requested) kept to keep the shop secure and working. Your cart is kept in your own browser.</li>
        </ul>
        <h2>Why we use it</h2>
        <ul>
          <li>To take, prepare, deliver and support your orders, and to process returns and refunds.</li>
          <li>To answer your messages.</li>
          <li>To send the newsletter, only if you asked for it. Every issue has a one-click unsubscribe.</li>
          <li>To prevent fraud and abuse, and to meet our tax and legal obligations.</li>
        </ul>
        <p>We do not sell or rent your personal data. Analytics and advertising tags load only if you allow them (below).</p>
        <h2>Who we share it with</h2>
        <p>
          Only with the partners who help us run the shop, and only what they need: our payment gateway, our courier
          partners (name, address and phone for delivery), our e-mail provider and our hosting provider, all bound by
          contracts to protect your data. We disclose data to authorities only when Indian law requires it.
        </p>
        <h2>How long we keep it</h2>
        <p>We keep your account data until you erase your account. Some things we keep only for a while, and delete every night once their time is up:</p>
        <ul>
          {RETENTION_NOTICES.map((line) => (
            <li key={line}>{line}</li>
          ))}
          <li>Newsletter addresses: until you unsubscribe or withdraw your consent.</li>
          <li>Server logs (addresses and pages requested, kept to find and answer attacks): one year.</li>
          <li>Backups of the shop&apos;s database, kept in case of a loss: up to a year, then deleted.</li>
        </ul>
        <p>
          <strong>What we must keep.</strong> Tax invoices of paid orders, with the order lines, name, address and
          contact details printed on them, are kept for the period the Central Goods and Services Tax Act, 2017
          (section 36) sets: six years from the due date of the annual return of the year of the invoice, about
          eight years. We keep them even after you erase your account, use them for nothing but tax and accounts,
          and delete your details from them when the period ends.
        </p>
        <h2>Your rights</h2>
        <p>
          In <Link to="/profile?tab=privacy">Profile → Privacy</Link> you can, at any time and with one click each:
          see and withdraw each consent you gave, download everything we hold about you (as a page to read, or as
          JSON), and erase your account. If you have no account, or cannot sign in, write to the grievance officer
          below and we will do it for you. You may also ask us to correct your data and nominate someone to exercise
          these rights on your behalf. We respond within 30 days. If you are not satisfied, you may complain to the
          Data Protection Board of India.
        </p>
        <p>
          Each consent is recorded with the date and the version of this notice (version {PRIVACY_NOTICE_VERSION}).
        </p>
        <h2 id="cookies">Cookies and storage</h2>
        <p>
          Your browser stores your cart and, if you sign in, a session token. Nothing else loads until you choose, on
          the banner shown on your first visit or at any time with <strong>Cookie choices</strong> at the foot of every
          page. Refusing is one click, like allowing, and changes nothing about what you can buy. Exactly what each
          choice loads:
        </p>
        <ul>
          <li>
            <strong>Necessary only</strong>: {CONSENT_CATEGORIES.necessary}
          </li>
          <li>
            <strong>Analytics</strong>: {CONSENT_CATEGORIES.analytics}
          </li>
          <li>
            <strong>Marketing</strong>: {CONSENT_CATEGORIES.marketing}
          </li>
        </ul>
        <p>
          Your choice is kept in a cookie (deosil_consent) with a random number that names no one, and recorded with
          the date and the version of this notice as proof of the consent. Withdrawing a consent stops the tags from
          the next page on.
        </p>
        <h2>Grievance officer</h2>
        <p>
          {brand.grievanceOfficer.name}, {brand.legalName}, {brandAddressLine}. E-mail:{' '}
          <a href={`mailto:${brand.grievanceOfficer.email}`}>{brand.grievanceOfficer.email}</a>. We acknowledge complaints
          within 48 hours and resolve them within 30 days.
        </p>
      </Prose>
    </>
  );
}
