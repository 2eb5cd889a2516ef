import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// The brand's lettering for the name and the titles; everything else in Noto Sans, which has the rupee sign that
// the PDF's standard fonts lack. Every font is embedded (as the subset used), so a document reads the same in
// any viewer and archive (decision 35). Read once: each document registers the same bytes.
const require = createRequire(import.meta.url);
export const BRAND_FONTS = {
  Brand: readFileSync(require.resolve('@fontsource/cinzel/files/cinzel-latin-600-normal.woff')),
  Body: readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
  Bold: readFileSync(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
  Italic: readFileSync(require.resolve('@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf')),
};

/** A PDFKit document with the brand's fonts registered (Body current), and its bytes once it is ended. */
export function brandDocument(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument(options);
  for (const [name, bytes] of Object.entries(BRAND_FONTS)) doc.registerFont(name, bytes);
  doc.font('Body');
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
