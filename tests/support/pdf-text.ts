import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A PDF's text as poppler's pdftotext lays it out. */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'invoice-'));
  writeFileSync(join(dir, 'document.pdf'), pdf);
  execFileSync('pdftotext', ['-layout', join(dir, 'document.pdf'), join(dir, 'document.txt')]);
  return readFileSync(join(dir, 'document.txt'), 'utf8');
}
