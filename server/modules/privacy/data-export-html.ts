import type { DataExport } from './data-export.ts';

/**
 * The data export as one self-contained HTML page a customer can open and read without tools: a section per
 * kind of record, a table per section, in the shop's colours.
 */
export function dataExportHtml(data: DataExport): string {
  const sections = Object.entries(data.sections)
    .map(([name, value]) => `<section><h2>${escapeHtml(sectionTitle(name))}</h2>${sectionBody(value)}</section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Your data at ${escapeHtml(data.shop)}</title>
<style>
body{margin:0;padding:24px 16px;background:#07040c;color:#e9e1f5;font:15px/1.5 system-ui,sans-serif}
main{max-width:1100px;margin:0 auto}
h1{color:#d9b45a;font-weight:600;margin:0 0 4px}
h2{color:#d9b45a;font-size:18px;margin:32px 0 8px;border-bottom:1px solid #2a1a3d;padding-bottom:4px}
p{color:#b3a6c6}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{border:1px solid #2a1a3d;padding:6px 8px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
th{background:#1a1026;color:#d9b45a;font-weight:600}
td{max-width:420px}
.empty{color:#b3a6c6;font-style:italic}
</style>
</head>
<body><main>
<h1>Your data at ${escapeHtml(data.shop)}</h1>
<p>Everything we hold about you, as of ${escapeHtml(data.exportedAt)} (privacy notice of ${escapeHtml(data.noticeVersion)}). The same data is in the JSON download, for other programs.</p>
${sections}
</main></body>
</html>
`;
}

function sectionTitle(name: string): string {
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function sectionBody(value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '<p class="empty">Nothing.</p>';
    const rows = value as Record<string, unknown>[];
    const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
    const head = columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('');
    const body = rows.map((row) => `<tr>${columns.map((column) => `<td>${cell(row[column])}</td>`).join('')}</tr>`).join('\n');
    return `<div class="scroll"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
  }
  const entries = Object.entries((value ?? {}) as Record<string, unknown>);
  return `<div class="scroll"><table><tbody>${entries.map(([key, field]) => `<tr><th scope="row">${escapeHtml(key)}</th><td>${cell(field)}</td></tr>`).join('\n')}</tbody></table></div>`;
}

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '<span class="empty">—</span>';
  if (value instanceof Date) return escapeHtml(value.toISOString());
  // An order's lines and history read as a table inside its row.
  if (Array.isArray(value) && value.length > 0 && value.every((entry) => typeof entry === 'object' && entry !== null && !Array.isArray(entry))) return sectionBody(value);
  if (typeof value === 'object') return escapeHtml(JSON.stringify(value));
  return escapeHtml(String(value));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
