import type { ReactNode } from 'react';
import type { GstReportResponse } from '../../../contracts/gst-report.ts';
import { GST_REPORT_PART_LABELS, GST_REPORT_PARTS, type GstReportPart } from '../../../domain/gstr1-csv.ts';
import { formatRupees } from '../../../domain/money.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';
import { AdminScreen, DataTable, ListEmpty, ListError, ListLoading, StatCards, type Column } from '../admin/index.ts';
import { useTaxAdmin } from './use-tax-admin.ts';

type Figures = { taxableValue: number; cgst: number; sgst: number; igst: number };

const NUMBER = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
const TEXT = 'px-3 py-2';

function figureColumns<T extends Figures>(): Column<T>[] {
  return [
    { header: 'Taxable value', className: NUMBER, cell: (row) => formatRupees(row.taxableValue) },
    { header: 'CGST', className: NUMBER, cell: (row) => formatRupees(row.cgst) },
    { header: 'SGST', className: NUMBER, cell: (row) => formatRupees(row.sgst) },
    { header: 'IGST', className: NUMBER, cell: (row) => formatRupees(row.igst) },
  ];
}

/** A row as a phone card: its name, then the figures in two columns. */
function FigureCard({ title, detail, row }: { title: string; detail?: string; row: Figures }) {
  return (
    <div className="panel p-3 text-sm">
      <p className="text-mist">{title}</p>
      {detail ? <p className="text-xs text-ash">{detail}</p> : null}
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
        {(
          [
            ['Taxable value', row.taxableValue],
            ['CGST', row.cgst],
            ['SGST', row.sgst],
            ['IGST', row.igst],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="flex justify-between gap-2">
            <dt className="text-ash">{label}</dt>
            <dd className="tabular-nums">{formatRupees(value)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Part({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`gst-${id}`} className="space-y-3">
      <h2 id={`gst-${id}`} className="text-lg text-gold-bright">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One button per file the GSTR-1 offline tool imports (and the shop's credit-note register), for the month. */
function ReturnFiles({ onExport }: { onExport: (part: GstReportPart) => void }) {
  return (
    <Part title="GSTR-1 files for the offline tool" id="files">
      <p className="text-sm text-ash">Each file opens in the GSTN offline tool as it is (Import Files → CSV): headers, dates, places of supply and units are the tool&apos;s own.</p>
      <ul className="flex flex-wrap gap-2" aria-label="GSTR-1 files">
        {GST_REPORT_PARTS.map((part) => (
          <li key={part}>
            <button type="button" className="btn-ghost px-3 py-1.5 text-sm" onClick={() => onExport(part)}>
              {GST_REPORT_PART_LABELS[part]}
            </button>
          </li>
        ))}
      </ul>
    </Part>
  );
}

const b2cColumns: Column<GstReportResponse['b2c'][number]>[] = [
  { header: 'Place of supply', className: TEXT, cell: (row) => `${row.state}${row.stateCode ? ` (${row.stateCode})` : ''}` },
  { header: 'Rate', className: NUMBER, cell: (row) => `${row.rate}%` },
  ...figureColumns<GstReportResponse['b2c'][number]>(),
];

const hsnColumns: Column<GstReportResponse['hsn'][number]>[] = [
  { header: 'HSN', className: TEXT, cell: (row) => row.hsnCode },
  { header: 'Quantity', className: NUMBER, cell: (row) => `${row.quantity} NOS` },
  { header: 'Rate', className: NUMBER, cell: (row) => `${row.rate}%` },
  ...figureColumns<GstReportResponse['hsn'][number]>(),
];

const b2bColumns: Column<GstReportResponse['b2b'][number]>[] = [
  { header: 'Invoice', className: TEXT, cell: (row) => row.invoiceNumber },
  { header: 'Buyer', className: TEXT, cell: (row) => `${row.name} (${row.gstin})` },
  { header: 'Rate', className: NUMBER, cell: (row) => `${row.rate}%` },
  ...figureColumns<GstReportResponse['b2b'][number]>(),
];

const noteColumns: Column<GstReportResponse['creditNotes'][number]>[] = [
  { header: 'Credit note', className: TEXT, cell: (row) => row.number },
  { header: 'Date', className: TEXT, cell: (row) => formatShopDate(row.date) },
  { header: 'Against', className: TEXT, cell: (row) => row.invoiceNumber },
  { header: 'Place of supply', className: TEXT, cell: (row) => row.state },
  ...figureColumns<GstReportResponse['creditNotes'][number]>(),
];

/**
 * /admin/tax: a month's GST as the return asks for it, B2C supplies by place of supply and rate, the HSN summary,
 * B2B invoices, the credit notes of the month and the invoice numbers used, with the GSTR-1 offline tool's files.
 */
export function TaxAdminPage() {
  const { month, setMonth, report, exportCsv } = useTaxAdmin();
  const data = report.data;
  const totals = data?.totals;
  return (
    <AdminScreen
      eyebrow="GST returns"
      title="Tax Report"
      intro="Each month's sales as the GST return asks for them, from the invoices and credit notes the shop issued. Credit notes count in the month they were issued."
    >
      <label className="flex max-w-xs flex-col gap-1 text-sm">
        <span className="text-ash">Month</span>
        <input type="month" className="field" value={month} onChange={(event) => event.target.value && setMonth(event.target.value)} />
      </label>

      <ListError error={report.error} />
      {report.isLoading ? <ListLoading>Adding up the month...</ListLoading> : null}

      {data ? (
        <>
          <StatCards
            className="lg:grid-cols-4"
            items={[
              ['Invoices', data.invoices.count ? `${data.invoices.count}` : '0'],
              [
                'Invoice numbers',
                data.invoices.first ? (
                  <span className="block font-sans text-sm leading-relaxed whitespace-nowrap text-mist">
                    {data.invoices.first} –
                    <br />
                    {data.invoices.last}
                  </span>
                ) : (
                  '–'
                ),
              ],
              ['Taxable value', totals ? formatRupees(totals.taxableValue) : undefined],
              ['GST', totals ? formatRupees(totals.cgst + totals.sgst + totals.igst) : undefined],
            ]}
          />

          <ReturnFiles onExport={(part) => void exportCsv(part)} />

          <Part title="B2C supplies by place of supply and rate" id="b2c">
            <DataTable
              caption="B2C supplies"
              rows={data.b2c}
              rowKey={(row) => `${row.stateCode}-${row.rate}`}
              columns={b2cColumns}
              cards={(row) => <FigureCard title={`${row.state}${row.stateCode ? ` (${row.stateCode})` : ''}`} detail={`${row.rate}%`} row={row} />}
              empty={<ListEmpty title="No sales this month." />}
            />
          </Part>

          <Part title="HSN summary" id="hsn">
            <DataTable
              caption="HSN summary"
              rows={data.hsn}
              rowKey={(row) => `${row.hsnCode}-${row.rate}`}
              columns={hsnColumns}
              cards={(row) => <FigureCard title={`HSN ${row.hsnCode}`} detail={`${row.quantity} NOS at ${row.rate}%`} row={row} />}
              empty={<ListEmpty title="No sales this month." />}
            />
          </Part>

          {data.b2b.length ? (
            <Part title="B2B invoices" id="b2b">
              <DataTable
                caption="B2B invoices"
                rows={data.b2b}
                rowKey={(row) => `${row.invoiceNumber}-${row.rate}`}
                columns={b2bColumns}
                cards={(row) => <FigureCard title={`${row.invoiceNumber} · ${row.name}`} detail={`${row.gstin} · ${row.rate}%`} row={row} />}
              />
            </Part>
          ) : null}

          <Part title="Credit notes" id="credit-notes">
            <DataTable
              caption="Credit notes"
              rows={data.creditNotes}
              rowKey={(row) => row.number}
              columns={noteColumns}
              cards={(row) => <FigureCard title={row.number} detail={`${formatShopDate(row.date)} · against ${row.invoiceNumber} · ${row.state}`} row={row} />}
              empty={<ListEmpty title="No credit notes this month." />}
            />
          </Part>
        </>
      ) : null}
    </AdminScreen>
  );
}
