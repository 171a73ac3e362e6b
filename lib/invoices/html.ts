// An invoice or credit note as a standalone HTML page (inline style, no script, no external
// resource), rendered once when the document is issued and stored (./render.ts), then served as
// stored by app/invoices/[token]. Every text is escaped: names and addresses are the buyer's input.
import type { InvoiceDocument, InvoiceRow } from "./content";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const STYLE = `
body{margin:0;background:#f4f4f5;color:#18181b;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Helvetica,Arial,sans-serif}
main{max-width:760px;margin:24px auto;background:#fff;padding:40px;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.08)}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:16px}
h1{margin:0;font-size:28px}
dl.facts{margin:0;display:grid;grid-template-columns:auto auto;gap:2px 12px;text-align:right}
dl.facts dt{color:#52525b}dl.facts dd{margin:0;font-variant-numeric:tabular-nums}
.parties{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:24px;margin:32px 0}
.parties h2{margin:0 0 4px;font-size:11px;letter-spacing:.05em;text-transform:uppercase;color:#52525b}
.parties p{margin:0}
table{width:100%;border-collapse:collapse}
th{font-size:11px;letter-spacing:.05em;text-transform:uppercase;color:#52525b;text-align:left;border-bottom:1px solid #d4d4d8;padding:6px 4px}
td{padding:8px 4px;border-bottom:1px solid #e4e4e7;vertical-align:top}
.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.totals{margin-left:auto;margin-top:12px;width:auto;min-width:280px}
.totals td{border:0;padding:3px 4px}.totals .strong td{font-weight:700;border-top:1px solid #d4d4d8}
.notes{margin-top:24px;font-size:13px}.notes p{margin:2px 0}
footer{margin-top:24px;color:#52525b;font-size:13px;display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}
a{color:#1d4ed8}
@media (max-width:560px){main{margin:0;border-radius:0;padding:20px}header{display:block}dl.facts{text-align:left;margin-top:12px}}
@media print{body{background:#fff}main{box-shadow:none;margin:0;max-width:none}footer a{display:none}}
`;

function totalRow(row: InvoiceRow): string {
  return `<tr${row.strong ? ' class="strong"' : ""}><td>${escapeHtml(row.label)}</td><td class="num">${escapeHtml(row.value)}</td></tr>`;
}

/**
 * The page. `pdfLabel` is the download link's text; the link itself is relative (`?format=pdf`, the
 * page's own address asking for the PDF), so the stored page never holds a host name or a token.
 */
export function renderInvoiceHtml(document: InvoiceDocument, pdfLabel: string): string {
  const e = escapeHtml;
  const party = (p: InvoiceDocument["seller"]) =>
    `<section><h2>${e(p.heading)}</h2>${p.lines.map((line) => `<p>${e(line)}</p>`).join("")}</section>`;
  const c = document.columns;
  return `<!doctype html>
<html lang="${e(document.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex,nofollow">
<title>${e(`${document.title} ${document.number}`)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<header>
<h1>${e(document.title)}</h1>
<dl class="facts">${document.facts.map((f) => `<dt>${e(f.label)}</dt><dd>${e(f.value)}</dd>`).join("")}</dl>
</header>
<div class="parties">${party(document.seller)}${party(document.buyer)}</div>
<table>
<thead><tr><th>${e(c.description)}</th><th class="num">${e(c.quantity)}</th><th class="num">${e(c.unitPrice)}</th><th class="num">${e(c.amount)}</th></tr></thead>
<tbody>${document.lines
    .map(
      (line) =>
        `<tr><td>${e(line.description)}</td><td class="num">${e(line.quantity)}</td><td class="num">${e(line.unitPrice)}</td><td class="num">${e(line.amount)}</td></tr>`,
    )
    .join("")}</tbody>
</table>
<table class="totals"><tbody>${document.totals.map(totalRow).join("")}</tbody></table>
<div class="notes">${document.notes.map((note) => `<p>${e(note)}</p>`).join("")}</div>
<footer><span>${document.footer ? e(document.footer) : ""}</span><a href="?format=pdf">${e(pdfLabel)}</a></footer>
</main>
</body>
</html>
`;
}
