import type { GrievanceOfficer } from '../../../contracts/grievances.ts';

const linkClass = 'text-mist underline decoration-gold/50 underline-offset-4 hover:text-gold-bright';

/**
 * The grievance officer as the Consumer Protection (E-Commerce) Rules 2020, rule 4(4), ask a seller to show them:
 * name, designation and how to reach them (the shop's settings).
 */
export function GrievanceOfficerCard({ officer, headingLevel = 2 }: { officer: GrievanceOfficer; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby="grievance-officer-heading" className="panel flex flex-col gap-3 p-6" data-testid="grievance-officer">
      <Heading id="grievance-officer-heading" className="text-xl text-gold-bright">
        Grievance officer
      </Heading>
      <p className="text-mist">
        <strong className="font-semibold">{officer.name}</strong>
        <span className="block text-sm text-ash">{officer.designation}</span>
      </p>
      <p className="text-sm">
        <a href={`mailto:${officer.email}`} className={linkClass}>
          {officer.email}
        </a>
        <span className="text-ash"> · </span>
        <a href={`tel:${officer.phone.replace(/[\s-]/g, '')}`} className={linkClass}>
          {officer.phone}
        </a>
      </p>
      <p className="text-sm text-ash">Every complaint is acknowledged within 48 hours and settled within one month of receipt.</p>
    </section>
  );
}
