import { execFileSync } from 'node:child_process';

/** A PDF's text as poppler's pdftotext reads it (layout kept; pages parted by form feeds). */
export function pdfText(pdf: Buffer): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}
