import { formatRupees } from '../../../domain/money.ts';
import { formatShopDate } from '../../../domain/shop-clock.ts';

export { formatRupees };

export function formatOrderDate(iso: string): string {
  return formatShopDate(iso);
}

/** Starts a download of text made in the browser (receipts, CSV exports). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
