import { useSearchParams } from 'react-router';
import { brand } from '../brand.ts';
import { PageHero, Prose } from '../features/content/content-layout.tsx';
import { sitePages } from '../features/content/site-pages.ts';
import { GrievanceOfficerCard } from '../features/grievances/grievance-officer.tsx';
import { TicketStatus } from '../features/grievances/ticket-status.tsx';
import { Link } from '../lib/link.tsx';
import { sitePageTags } from '../lib/seo.ts';
import type { Route } from './+types/grievances';

export function loader({ context }: Route.LoaderArgs) {
  return { officer: context.shop.grievanceOfficer };
}

export function meta({ matches }: Route.MetaArgs) {
  return sitePageTags(sitePages.grievances, matches);
}

/** How complaints are raised, who answers them and how one is followed (E-Commerce Rules 2020, rule 4(4)-(5)). */
export default function Grievances({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  return (
    <>
      <PageHero eyebrow="Grievances" title="Complaints, and how we settle them">
        <p>If something has gone wrong with an order, a potion or the way we treated you, tell us. Every complaint gets a ticket number you can follow here.</p>
      </PageHero>
      <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 sm:px-6">
        <GrievanceOfficerCard officer={loaderData.officer} />
        <TicketStatus initialTicket={params.get('ticket') ?? ''} />
      </div>
      <Prose>
        <h2>How to raise a complaint</h2>
        <p>
          Write to us through the <Link to="/contact">contact form</Link>. You see your ticket number as soon as it is sent, and we e-mail it to you at once
          as our acknowledgement. You may also write to the grievance officer directly, quoting your order number.
        </p>
        <h2>What happens next</h2>
        <ul>
          <li>We acknowledge every complaint within 48 hours; the e-mail with your ticket number is that acknowledgement.</li>
          <li>Your ticket reads <strong>Open</strong> until someone takes it up, then <strong>In progress</strong>, then <strong>Resolved</strong> with a note of what was done.</li>
          <li>We settle every complaint within one month of receiving it, as the Consumer Protection (E-Commerce) Rules, 2020 require.</li>
        </ul>
        <p>
          If you are not satisfied with the outcome, you can reach the National Consumer Helpline (1915 or 1800-11-4000) or file a complaint on the
          e-Daakhil portal. {brand.legalName} will answer there too.
        </p>
      </Prose>
    </>
  );
}
