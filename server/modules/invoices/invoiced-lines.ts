import type { CreditedLine, InvoicedLine } from '../../../domain/credit-notes.ts';
import type { CreditNoteLine, orderItems } from '../../db/schema/index.ts';

type OrderItemRow = typeof orderItems.$inferSelect;

/** An order line as its invoice fixed it (lines never invoiced hold nothing). */
export function invoicedLineOf(item: OrderItemRow): InvoicedLine {
  return {
    orderItemId: item.id,
    quantity: item.quantity,
    rateBp: item.gstRateBp ?? 0,
    taxablePaise: item.taxablePaise ?? 0,
    cgstPaise: item.cgstPaise ?? 0,
    sgstPaise: item.sgstPaise ?? 0,
    igstPaise: item.igstPaise ?? 0,
  };
}

/**
 * The units a stored credit note line gives back. Notes name them; a note from before they did gave back a
 * whole line's units only when it gave back the whole line, and a share of its value otherwise.
 */
export function creditedUnits(line: CreditNoteLine, items: readonly OrderItemRow[]): number {
  if (line.quantity !== undefined) return line.quantity;
  const item = items.find((candidate) => candidate.id === line.orderItemId);
  if (!item) return 0;
  const whole = (item.taxablePaise ?? 0) + (item.cgstPaise ?? 0) + (item.sgstPaise ?? 0) + (item.igstPaise ?? 0);
  return line.grossPaise === whole ? item.quantity : 0;
}

export function creditedLineOf(line: CreditNoteLine, items: readonly OrderItemRow[]): CreditedLine {
  return {
    orderItemId: line.orderItemId,
    quantity: creditedUnits(line, items),
    rateBp: line.gstRateBp,
    grossPaise: line.grossPaise,
    taxablePaise: line.taxablePaise,
    cgstPaise: line.cgstPaise,
    sgstPaise: line.sgstPaise,
    igstPaise: line.igstPaise,
  };
}
