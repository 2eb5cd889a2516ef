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
        <Updated date="1 November 2026" />
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
          <li><strong>Technical data</strong>: basic server logs (IP address, browser, pages requested) kept to keep the shop secure and working. Your cart is kept in your own browser.</li>
        </ul>
        <h2>Why we use it</h2>
        <ul>
          <li>To take, prepare, deliver and support your orders, and to process returns and refunds.</li>
          <li>To answer your messages.</li>
          <li>To send the newsletter, only if you asked for it. Every issue has a one-click unsubscribe.</li>
          <li>To prevent fraud and abuse, and to meet our tax and legal obligations.</li>
        </ul>
        <p>We do not sell or rent your personal data, and we do not use advertising trackers.</p>
        <h2>Who we share it with</h2>
        <p>
          Only with the partners who help us run the shop, and only what they need: our payment gateway, our courier
          partners (name, address and phone for delivery), our e-mail provider and our hosting provider, all bound by
          contracts to protect your data. We disclose data to authorities only when Indian law requires it.
        </p>
        <h2>How long we keep it</h2>
        <p>
          Order and invoice records are kept for eight years, as Indian tax law requires. Contact messages are kept for
          two years. Newsletter addresses are kept until you unsubscribe. Account data is kept until you ask us to
          delete your account.
        </p>
        <h2>Your rights</h2>
        <p>
          You may ask to see, correct or erase your personal data, withdraw consent (for example to the newsletter) and
          nominate someone to exercise these rights on your behalf. Write to us and we will respond within 30 days.
        </p>
        <h2>Cookies and storage</h2>
        <p>
          We use only what the shop needs to work: your browser stores your cart and, if you sign in, a session token.
          We do not use third-party analytics or advertising cookies.
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
