import { TextField } from '../../components/form.tsx';
import { businessBuyerError } from '../../../domain/tax-registration.ts';
import { OptInSection } from './opt-in.tsx';

export interface BusinessInvoice {
  /** The shopper ticked 'buying for a business'; unticked, nothing below is sent. */
  wanted: boolean;
  gstin: string;
  legalName: string;
}

export const NO_BUSINESS_INVOICE: BusinessInvoice = { wanted: false, gstin: '', legalName: '' };

export type BusinessInvoiceErrors = Partial<Record<'gstin' | 'legalName', string>>;

/** What the server is sent: the GSTIN and legal name only when the shopper asked for a business invoice. */
export function businessOf(invoice: BusinessInvoice): { gstin: string; legalName: string } | undefined {
  return invoice.wanted ? { gstin: invoice.gstin.trim().toUpperCase().replace(/\s+/g, ''), legalName: invoice.legalName.trim() } : undefined;
}

/** The same check the server makes: a valid GSTIN of the state the order is billed to, and a legal name. */
export function businessInvoiceErrors(invoice: BusinessInvoice, billingState: string): BusinessInvoiceErrors {
  const business = businessOf(invoice);
  if (!business) return {};
  if (!business.gstin) return { gstin: 'GSTIN is required for a business invoice' };
  const problem = businessBuyerError(business, billingState || null);
  return problem ? { [problem.field]: problem.message } : {};
}

/**
 * Under the address: a company buying (Diwali gifts, say) asks for an invoice in its own name, with its GSTIN, so
 * it can claim the GST. Unticked, the fields stay hidden and nothing is sent; no box is ticked for the shopper.
 */
export function BusinessInvoiceFields({ value, errors, onChange }: { value: BusinessInvoice; errors: BusinessInvoiceErrors; onChange(next: BusinessInvoice): void }) {
  return (
    <OptInSection
      legend="Business invoice"
      label="Buying for a business? Get a GST invoice in its name"
      hint="Your company's GSTIN and legal name go on the tax invoice, so it can claim the GST."
      checked={value.wanted}
      onToggle={(wanted) => onChange({ ...value, wanted })}
    >
      <TextField
        name="gstin"
        label="GSTIN"
        required
        autoComplete="off"
        spellCheck={false}
        maxLength={20}
        className="uppercase"
        value={value.gstin}
        error={errors.gstin}
        hint="15 characters, registered in the state above"
        onChange={(event) => onChange({ ...value, gstin: event.target.value })}
      />
      <TextField
        name="legalName"
        label="Legal name of the business"
        required
        autoComplete="organization"
        maxLength={120}
        value={value.legalName}
        error={errors.legalName}
        onChange={(event) => onChange({ ...value, legalName: event.target.value })}
      />
    </OptInSection>
  );
}
