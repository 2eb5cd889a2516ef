import { soldLineDescription } from '../../../domain/sets.ts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { creditNoteLinesFor, isNotSuppliedKey, notSuppliedKey, openLines } from '../../../domain/credit-notes.ts';
import { rateOn, supplyKind, taxBill, DEFAULT_GST_RATE_BP, DEFAULT_HSN, type SupplyKind } from '../../../domain/gst.ts';
import type { CreditNoteCause } from '../../../domain/order-lifecycle.ts';
import { stateByName } from '../../../domain/india-states.ts';
import { goodsAddress, shopDate } from '../../../domain/orders.ts';
import { notFoundRefusal, Refusal } from '../../../domain/refusal.ts';
import { documentNumber, documentNumbering, financialYear, type DocumentSeries } from '../../../domain/tax-registration.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { creditNotes, documentSequences, orderItems, orders, products, type CreditNoteLine, type InvoiceSeller, type MailAttachmentRef } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/sql-executor.ts';
import type { OrderRow } from '../orders/order-dto.ts';
import { creditedLineOf, creditedUnits, invoicedLineOf } from './invoiced-lines.ts';
import { billKeyOf, orderBillOf } from '../orders/order-bill.ts';
import { byIdOrNumber } from '../orders/order-service.ts';
import type { SplitLineTaxes } from '../orders/place-order.ts';

/** PDFKit, its fonts and the layout are loaded with the first document asked for, not by every process at start. */
async function renderPdf(view: TaxDocumentView): Promise<Buffer> {
  return (await import('./tax-document-pdf.ts')).renderTaxDocumentPdf(view);
}
import type { TaxDocumentView } from './tax-document-pdf.ts';

const ORDER_NOT_FOUND = 'Order not found';

/** The state the goods go to, by its GST state code (null when the address names none we know). */
function placeOfSupplyOf(order: Pick<OrderRow, 'orderNumber' | 'shippingAddress'>): string | null {
  return stateByName(goodsAddress(order).state)?.code ?? null;
}

/**
 * Issues the shop's tax documents inside the transaction of the event that causes them: the tax invoice when
 * an order becomes paid, a credit note when money goes back. Each takes the next number of its series in the
 * financial year by updating that series' counter row, which stays locked until the transaction ends, so the
 * numbers are consecutive, unique and without gaps however many orders are paid at once (a rolled-back payment
 * gives its number back). The tax split is worked out once, here, and stored; nothing recomputes it later.
 */
export class TaxDocuments {
  constructor(
    private readonly seller: Config['seller'],
    private readonly clock: () => Date,
  ) {}

  /**
   * The tax split the order's invoice gives its lines at `at`, in their order: each line's HSN code and rate as its
   * product has them that day, its share of the bill's adjustments and charges, and its CGST and SGST (or IGST).
   */
  readonly splitLines: SplitLineTaxes = async (tx, order, lines, at) => {
    const ids = [...new Set(lines.map((line) => line.productId))];
    const taxes = ids.length
      ? await tx
          .select({ id: products.id, hsnCode: products.hsnCode, gstRateBp: products.gstRateBp, gstRateFrom: products.gstRateFrom, previousGstRateBp: products.previousGstRateBp })
          .from(products)
          .where(inArray(products.id, ids))
      : [];
    const taxOf = new Map(taxes.map((tax) => [tax.id, tax]));
    const day = shopDate(at);
    const rates = lines.map((line) => {
      const tax = taxOf.get(line.productId);
      return { hsnCode: tax?.hsnCode ?? DEFAULT_HSN, rateBp: tax ? rateOn(tax, day) : DEFAULT_GST_RATE_BP };
    });
    // Shipping is free, so the lines carry the whole amount charged: each line's price less the adjustments the
    // bill allocates to it, plus its share of the charges (the Cash on Delivery fee), which GST taxes with the
    // goods (domain/bill.ts).
    const rateOfLine = new Map(lines.map((line, index) => [billKeyOf(line), rates[index]!.rateBp]));
    const taxed = taxBill(orderBillOf(order, lines), (line) => rateOfLine.get(line.key)!, supplyKind(this.seller.stateCode, placeOfSupplyOf(order)));
    return lines.map((_, index) => {
      const split = taxed[index]!;
      return {
        hsnCode: rates[index]!.hsnCode,
        gstRateBp: split.rateBp,
        discountPaise: split.discountPaise,
        taxablePaise: split.taxablePaise,
        cgstPaise: split.cgstPaise,
        sgstPaise: split.sgstPaise,
        igstPaise: split.igstPaise,
      };
    });
  };

  /**
   * The order's tax invoice, unless it has one (a cancelled order reopened keeps its first invoice), in two steps:
   * the tax split is worked out and stored on the lines now, and the returned step, which the caller runs as its
   * transaction's last statement, draws and writes the number (see `numberInvoice`).
   * `given`: the order's lines, in id order, when the caller has just written them. Lines written with their
   * split already (an order paid in the transaction that placed it, orders/place-order.ts) keep it, and the
   * invoice is dated when the order was placed, the moment whose rates the split used.
   */
  async issueInvoice(tx: Transaction, order: OrderRow, given?: (typeof orderItems.$inferSelect)[]): Promise<(() => Promise<void>) | undefined> {
    if (order.invoiceNumber) return undefined;
    const lines = given ?? (await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)));
    const splitWhenWritten = given !== undefined && lines.length > 0 && lines.every((line) => line.hsnCode !== null && line.taxablePaise !== null);
    const issuedAt = splitWhenWritten ? order.createdAt : this.clock();
    if (!splitWhenWritten) {
      const split = await this.splitLines(tx, order, lines, issuedAt);
      for (const [index, line] of lines.entries()) await tx.update(orderItems).set(split[index]!).where(eq(orderItems.id, line.id));
    }
    const seller: InvoiceSeller = { ...this.seller };
    return () => this.numberInvoice(tx, order.id, issuedAt, placeOfSupplyOf(order), seller);
  }

  /**
   * Draws the invoice's number from its series' counter and writes it on the order, in one statement: the
   * counter row, which every paid order needs, stays locked from here to the commit, so this comes last.
   */
  private async numberInvoice(tx: Transaction, orderId: string, issuedAt: Date, placeOfSupply: string | null, seller: InvoiceSeller): Promise<void> {
    const year = financialYear(issuedAt);
    const { prefix, digits, limit } = documentNumbering('invoice', year);
    const drawn = sql`insert into ${documentSequences} as counter (series, financial_year, last_number) values ('invoice', ${year}, 1)
      on conflict (series, financial_year) do update set last_number = counter.last_number + 1 returning last_number`;
    const { rows } = (await tx.execute(sql`with drawn as (${drawn})
      update ${orders} set invoice_number = ${prefix} || lpad(drawn.last_number::text, ${digits}, '0'), invoice_date = ${issuedAt.toISOString()}::timestamptz,
        place_of_supply = ${placeOfSupply}, invoice_seller = ${JSON.stringify(seller)}::jsonb
      from drawn where ${orders.id} = ${orderId} and drawn.last_number < ${limit}
      returning ${orders.invoiceNumber}`)) as unknown as { rows: { invoice_number: string }[] };
    if (!rows[0]) throw new RangeError(`Invoice numbers of ${year} ran out at ${limit - 1}`);
  }

  /**
   * A credit note reversing the invoice's tax on what is given back: for a refund, what it refunds (a return's
   * refund credits the returned units only, domain/credit-notes.ts); for goods never supplied (a cash-on-delivery
   * parcel returned to origin or cancelled after its invoice), all the invoice still holds. One per refund id: a
   * retried refund finds its note made. An order never invoiced (refunded because its stock ran out while it was
   * paid for) was never a sale, and gets none. Under GST (CGST Act s.34) the note records the reduction of the
   * invoice's taxable value when the goods come back or the order is cancelled; a refund that fails afterwards is
   * still owed and is made again, so its note is not withdrawn, and the new attempt adds none.
   */
  async issueCreditNote(tx: Transaction, order: OrderRow, cause: CreditNoteCause): Promise<void> {
    if (!order.invoiceNumber || !order.invoiceSeller) return;
    // Goods that never reached the buyer are credited once per order, with no refund to name the note by.
    const refundId = cause.kind === 'refund' ? cause.refundId : notSuppliedKey(order.id);
    const [done] = await tx.select({ id: creditNotes.id }).from(creditNotes).where(eq(creditNotes.refundId, refundId));
    if (done) return;
    const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id));
    const earlier = await tx.select({ lines: creditNotes.lines, amountPaise: creditNotes.amountPaise }).from(creditNotes).where(eq(creditNotes.orderId, order.id));
    const open = openLines(
      lines.map(invoicedLineOf),
      earlier.flatMap((note) => note.lines.map((line) => creditedLineOf(line, lines))),
    );
    const kind: SupplyKind = supplyKind(order.invoiceSeller.stateCode, order.placeOfSupply);
    const left = open.reduce((sum, line) => sum + line.grossPaise, 0);
    // Notes never credit more than has been refunded in all (`order` is the order after this refund). A refund
    // that failed and was made again is one reduction of the invoice: its first note stands (the goods came back,
    // or the order was cancelled, once), so the retry issues none rather than reversing the same tax twice.
    // Goods not supplied (no money came, none goes back) reverse all the invoice still holds.
    const creditedBefore = earlier.reduce((sum, note) => sum + note.amountPaise, 0);
    const amount = cause.kind === 'refund' ? Math.min(cause.amountPaise, left, order.refundedPaise - creditedBefore) : left;
    if (amount <= 0) return;
    const itemOf = new Map(lines.map((line) => [line.id, line]));
    const noteLines: CreditNoteLine[] = creditNoteLinesFor(open, amount, kind, cause.kind === 'refund' ? cause.returned : undefined).map((part) => {
      const item = itemOf.get(part.orderItemId)!;
      return {
        orderItemId: part.orderItemId,
        name: item.name,
        size: item.size,
        hsnCode: item.hsnCode ?? DEFAULT_HSN,
        gstRateBp: part.rateBp,
        quantity: part.quantity,
        grossPaise: part.grossPaise,
        taxablePaise: part.taxablePaise,
        cgstPaise: part.cgstPaise,
        sgstPaise: part.sgstPaise,
        igstPaise: part.igstPaise,
      };
    });
    const issuedAt = this.clock();
    const sum = (pick: (line: CreditNoteLine) => number) => noteLines.reduce((total, line) => total + pick(line), 0);
    await tx.insert(creditNotes).values({
      number: await this.nextNumber(tx, 'credit-note', issuedAt),
      orderId: order.id,
      invoiceNumber: order.invoiceNumber,
      refundId,
      issuedAt,
      amountPaise: amount,
      taxablePaise: sum((line) => line.taxablePaise),
      cgstPaise: sum((line) => line.cgstPaise),
      sgstPaise: sum((line) => line.sgstPaise),
      igstPaise: sum((line) => line.igstPaise),
      lines: noteLines,
      seller: order.invoiceSeller,
    });
  }

  /** The next number of a series in the financial year of `at`; its counter row stays locked until commit. */
  private async nextNumber(tx: Transaction, series: DocumentSeries, at: Date): Promise<string> {
    const year = financialYear(at);
    const [row] = await tx
      .insert(documentSequences)
      .values({ series, financialYear: year, lastNumber: 1 })
      .onConflictDoUpdate({ target: [documentSequences.series, documentSequences.financialYear], set: { lastNumber: sql`${documentSequences.lastNumber} + 1` } })
      .returning({ lastNumber: documentSequences.lastNumber });
    return documentNumber(series, year, row!.lastNumber);
  }
}

/** Why a credit note was issued, as the note says it: the refund it records, or goods that never reached the buyer. */
function creditReason(refundId: string): string {
  return isNotSuppliedKey(refundId) ? 'Issued for goods not delivered (returned to us unpaid)' : `Issued for refund ${refundId}`;
}

/** A document number as it appears in a URL or a file name: 'DP/2627/000123' → 'DP-2627-000123'. */
export function documentSlug(number: string): string {
  return number.replaceAll('/', '-');
}

/**
 * Tax documents as PDFs, for the order's owner and admins (to anyone else the order does not exist), built from
 * what was stored when they were issued.
 */
export class TaxDocumentFiles {
  constructor(private readonly db: Database) {}

  async invoiceFor(viewer: Viewer | null, idOrNumber: string): Promise<{ filename: string; pdf: Buffer }> {
    const order = await this.visibleOrder(viewer, idOrNumber);
    if (!order.invoiceNumber || !order.invoiceDate || !order.invoiceSeller) throw notFoundRefusal('This order has no invoice yet');
    const view: TaxDocumentView = {
      kind: 'invoice',
      number: order.invoiceNumber,
      issuedAt: order.invoiceDate,
      orderNumber: order.orderNumber,
      against: null,
      seller: order.invoiceSeller,
      buyer: buyerOf(order),
      placeOfSupply: placeOf(order),
      supply: supplyKind(order.invoiceSeller.stateCode, order.placeOfSupply),
      bill: {
        subtotalPaise: order.subtotalPaise,
        adjustments: order.adjustments,
        charges: order.charges,
        shippingPaise: order.shippingPaise,
        totalPaise: order.totalPaise,
      },
      lines: [...order.items]
        .sort((a, b) => a.id - b.id)
        .map((item) => ({ description: soldLineDescription(item), hsnCode: item.hsnCode ?? DEFAULT_HSN, ...invoicedLineOf(item) })),
    };
    return { filename: `invoice-${documentSlug(order.invoiceNumber)}.pdf`, pdf: await renderPdf(view) };
  }

  /** By its number ('DPCN-2627-000007' or with slashes), or by the refund it was issued for. */
  async creditNoteFor(viewer: Viewer | null, idOrNumber: string, which: string | { refundId: string }): Promise<{ filename: string; pdf: Buffer }> {
    const order = await this.visibleOrder(viewer, idOrNumber);
    const note = order.creditNotes.find((candidate) =>
      typeof which === 'string' ? documentSlug(candidate.number) === documentSlug(which.toUpperCase()) : candidate.refundId === which.refundId,
    );
    if (!note || !order.invoiceDate) throw notFoundRefusal('Credit note not found');
    const view: TaxDocumentView = {
      kind: 'credit-note',
      number: note.number,
      issuedAt: note.issuedAt,
      orderNumber: order.orderNumber,
      against: { number: note.invoiceNumber, date: order.invoiceDate, reason: creditReason(note.refundId) },
      seller: note.seller,
      buyer: buyerOf(order),
      placeOfSupply: placeOf(order),
      supply: supplyKind(note.seller.stateCode, order.placeOfSupply),
      bill: null,
      lines: note.lines
        .filter((line) => line.grossPaise > 0)
        .map((line) => ({
          description: `${line.name} (${line.size})`,
          hsnCode: line.hsnCode,
          quantity: creditedUnits(line, order.items),
          rateBp: line.gstRateBp,
          taxablePaise: line.taxablePaise,
          cgstPaise: line.cgstPaise,
          sgstPaise: line.sgstPaise,
          igstPaise: line.igstPaise,
        })),
    };
    return { filename: `credit-note-${documentSlug(note.number)}.pdf`, pdf: await renderPdf(view) };
  }

  /** For the mail sender: the documents an e-mail carries, made from the database as it is when the e-mail goes. */
  async attachmentsOf(refs: readonly MailAttachmentRef[]): Promise<{ filename: string; content: Buffer; contentType: string }[]> {
    const files = [];
    for (const ref of refs) {
      try {
        const file = ref.kind === 'invoice' ? await this.invoiceFor(null, ref.orderId) : await this.creditNoteFor(null, ref.orderId, { refundId: ref.refundId });
        files.push({ filename: file.filename, content: file.pdf, contentType: 'application/pdf' });
      } catch (error) {
        // An order without an invoice (never supplied) sends its e-mail without one.
        if (!(error instanceof Refusal && error.kind === 'not-found')) throw error;
      }
    }
    return files;
  }

  private async visibleOrder(viewer: Viewer | null, idOrNumber: string) {
    const order = await this.db.query.orders.findFirst({ where: byIdOrNumber(idOrNumber), with: { items: true, creditNotes: true } });
    // `null` is the shop itself (the mail sender); a customer sees only their own orders.
    if (!order || (viewer && order.userId !== viewer.id && viewer.role !== 'admin')) throw notFoundRefusal(ORDER_NOT_FOUND);
    return order;
  }
}

type Viewer = { id: string; role: string };

function buyerOf(order: OrderRow) {
  return { name: order.customerName, email: order.customerEmail, phone: order.customerPhone, address: goodsAddress(order), gstin: order.buyerGstin, legalName: order.buyerLegalName };
}

function placeOf(order: OrderRow) {
  return { code: order.placeOfSupply, name: goodsAddress(order).state };
}
