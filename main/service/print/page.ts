/**
 * Writes a PrintedDocument as one self-contained HTML page for the desktop print bridge or a
 * browser's print dialog: inline CSS, no scripts, an explicit @page size, the logo inline as
 * data, the QR as SVG, and the Noto faces from this service's font route (absolute URLs, since
 * the page may be printed from a blank window), with system faces to fall back on.
 */
import { FONT_FILES, type FontFile } from './fonts.js';
import { html, trusted, type SafeHtml } from './html.js';
import type { Block, Column, PrintedDocument } from './layout.js';
import { ptToMm } from './paper.js';
import { rollLengthPt } from './pdf.js';
import { QUIET_ZONE, qrMatrix, qrPath } from './qr.js';

export const FONT_ROUTE = '/api-v1/fonts';

/** scheme://host[:port] only; anything else (a forged Host header) gets no font URLs at all. */
const ORIGIN = /^https?:\/\/(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
export const safeOrigin = (origin: string | null): string | null => (origin && ORIGIN.test(origin) ? origin : null);

function fontFaces(origin: string | null): string {
  if (!origin) return '';
  return (Object.keys(FONT_FILES) as FontFile[])
    .map((file) => {
      const { family, weight } = FONT_FILES[file];
      return `@font-face{font-family:'${family}';src:url('${origin}${FONT_ROUTE}/${file}') format('truetype');font-weight:${weight === 'bold' ? 700 : 400};font-style:normal;}`;
    })
    .join('\n');
}

function pageRule(doc: PrintedDocument): string {
  const { paper } = doc;
  if (paper.heightMm !== null) return `@page{size:${paper.name};margin:${paper.marginMm}mm;}`;
  // A roll is as long as its content: the PDF layout's length in the same faces, with room
  // for the browser's slightly looser line heights.
  const lengthMm = Math.ceil(ptToMm(rollLengthPt(doc)) * 1.1 + 6);
  return `@page{size:${paper.widthMm}mm ${lengthMm}mm;margin:${paper.marginMm}mm;}`;
}

function css(doc: PrintedDocument, origin: string | null): SafeHtml {
  const { paper } = doc;
  const roll = paper.heightMm === null;
  const size = paper.fontPt;
  return trusted(`${fontFaces(origin)}
${pageRule(doc)}
*{box-sizing:border-box;}
html{font-family:'Noto Sans','Noto Sans Devanagari','Nirmala UI',Mangal,'Segoe UI',Arial,sans-serif;font-size:${size}pt;color:#000;line-height:1.3;}
body{margin:0;}
.sheet{width:${paper.widthMm - 2 * paper.marginMm}mm;margin:0 auto;}
@media screen{body{background:#e6e6e6;padding:16px;}.sheet{background:#fff;width:${paper.widthMm}mm;padding:${paper.marginMm}mm;box-shadow:0 1px 4px rgba(0,0,0,.3);}}
.letterhead{text-align:center;margin-bottom:4pt;}
.letterhead img{display:block;margin:0 auto 4pt;max-width:${roll ? 40 : 50}mm;max-height:${roll ? 16 : 18}mm;}
.letterhead .name{font-size:${size + 4}pt;font-weight:700;}
.letterhead .line{font-size:${size - 0.5}pt;}
.title{border-top:.5pt solid #888;border-bottom:.5pt solid #888;padding:2pt 0;margin:2pt 0 4pt;text-align:center;position:relative;}
.title h1{font-size:${size + 2}pt;margin:0;}
.title .note{font-size:${size - 1}pt;${roll ? '' : 'position:absolute;right:0;top:50%;transform:translateY(-50%);'}}
.fields{display:grid;grid-template-columns:${roll ? '1fr' : 'repeat(var(--columns),1fr)'};column-gap:12pt;margin-bottom:3pt;}
.fields table{border-collapse:collapse;width:100%;}
.fields td{vertical-align:top;padding:0 0 1pt;}
.fields td.label{color:#444;width:${roll ? 36 : 34}%;padding-right:4pt;}
.fields td.value{font-weight:700;}
.parties{display:flex;${roll ? 'flex-direction:column;' : ''}gap:${roll ? 5 : 8}pt;margin-bottom:5pt;}
.party{flex:1;border:.5pt solid #888;padding:4pt;}
.party h2{font-size:${size - 0.5}pt;margin:0;}
table.lines{width:100%;border-collapse:collapse;margin-bottom:4pt;font-size:${roll ? size : size - 1}pt;}
table.lines thead{display:table-header-group;}
table.lines th{background:#eee;font-weight:700;padding:1.5pt;border-bottom:.5pt solid #888;}
table.lines td{padding:1.5pt;border-bottom:.5pt solid #ccc;vertical-align:top;}
table.lines tr{break-inside:avoid;}
.left{text-align:left;}.center{text-align:center;}.right{text-align:right;}
.totals{border-collapse:collapse;margin:0 0 4pt auto;width:${roll ? '100%' : '45%'};}
.totals td{padding:0 0 1pt;}
.totals td.value{text-align:right;}
.totals tr.strong td{font-weight:700;font-size:${size + 1}pt;border-top:.5pt solid #888;padding-top:2pt;}
h3{font-size:${size}pt;margin:2pt 0 1pt;}
p{margin:0 0 2pt;}
p.strong{font-weight:700;}
p.small{font-size:${size - 1}pt;}
hr{border:0;border-top:.5pt solid #888;margin:2pt 0 4pt;}
.qr{text-align:center;margin-bottom:4pt;break-inside:avoid;}
.qr svg{display:block;margin:0 auto;width:${roll ? 26 : 24}mm;height:${roll ? 26 : 24}mm;}
.qr .caption{font-size:${size - 1}pt;}
.signature{margin:4pt 0 4pt auto;width:${roll ? '100%' : '40%'};text-align:center;break-inside:avoid;}
.signature .above{font-weight:700;}
.signature .space{height:30pt;border-bottom:1pt solid #000;margin-bottom:2pt;}
.signature .below{font-size:${size - 0.5}pt;}
.stamp{border:1.5pt solid #000;text-align:center;font-size:${size + 6}pt;font-weight:700;padding:3pt;margin-bottom:4pt;}`);
}

function widths(columns: readonly Column[]): string[] {
  const total = columns.reduce((s, c) => s + c.width, 0);
  return columns.map((c) => `width:${((c.width / total) * 100).toFixed(2)}%`);
}

function fieldTable(rows: readonly (readonly [string, string])[]): SafeHtml {
  return html`<table>${rows.map(([label, value]) => html`<tr><td class="label">${label}</td><td class="value">${value}</td></tr>`)}</table>`;
}

function block(b: Block): SafeHtml {
  switch (b.kind) {
    case 'letterhead': {
      const logo = b.logo ? `data:${b.logo.contentType};base64,${Buffer.from(b.logo.bytes).toString('base64')}` : null;
      return html`<header class="letterhead">${logo ? html`<img src="${logo}" alt="">` : ''}<div class="name">${b.name}</div>${b.lines.map(
        (l) => html`<div class="line">${l}</div>`,
      )}</header>`;
    }
    case 'title':
      return html`<div class="title"><h1>${b.text}</h1>${b.note ? html`<div class="note">${b.note}</div>` : ''}</div>`;
    case 'fields': {
      const columns = b.columns === 2 ? 2 : 1;
      const half = Math.ceil(b.rows.length / columns);
      const parts = columns === 2 ? [b.rows.slice(0, half), b.rows.slice(half)] : [b.rows];
      return html`<section class="fields" style="--columns:${columns}">${parts.map(fieldTable)}</section>`;
    }
    case 'parties':
      return html`<section class="parties">${b.parts.map(
        (p) => html`<div class="party"><h2>${p.heading}</h2>${p.lines.map((l) => html`<div>${l}</div>`)}</div>`,
      )}</section>`;
    case 'table': {
      const w = widths(b.columns);
      const align = (i: number) => b.columns[i]?.align ?? 'left';
      return html`<table class="lines"><colgroup>${w.map((s) => html`<col style="${s}">`)}</colgroup><thead><tr>${b.columns.map(
        (c, i) => html`<th class="${align(i)}">${c.title}</th>`,
      )}</tr></thead><tbody>${b.rows.map((row) => html`<tr>${row.map((cell, i) => html`<td class="${align(i)}">${cell}</td>`)}</tr>`)}</tbody></table>`;
    }
    case 'totals':
      return html`<table class="totals">${b.rows.map(
        (r) => html`<tr class="${r.strong ? 'strong' : ''}"><td>${r.label}</td><td class="value">${r.value}</td></tr>`,
      )}</table>`;
    case 'heading':
      return html`<h3>${b.text}</h3>`;
    case 'text':
      return html`<p class="${[b.align ?? 'left', b.strong ? 'strong' : '', b.small ? 'small' : ''].join(' ').trim()}">${b.text}</p>`;
    case 'rule':
      return html`<hr>`;
    case 'qr': {
      const matrix = qrMatrix(b.text);
      const side = matrix.size + 2 * QUIET_ZONE;
      return html`<div class="qr"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges" role="img" aria-label="${b.caption}"><rect width="${side}" height="${side}" fill="#fff"/><path d="${qrPath(matrix)}" fill="#000"/></svg><div class="caption">${b.caption}</div></div>`;
    }
    case 'signature':
      return html`<div class="signature"><div class="above">${b.above}</div><div class="space"></div><div class="below">${b.below}</div></div>`;
    case 'stamp':
      return html`<div class="stamp">${b.text}</div>`;
  }
}

/** The page as text; `origin` (scheme://host:port of the request) locates the font files. */
export function renderHtml(doc: PrintedDocument, origin: string | null): string {
  const fontsFrom = safeOrigin(origin);
  const policy = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src ${fontsFrom ?? "'none'"}`;
  return html`<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${policy}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${doc.title}</title>
<style>${css(doc, fontsFrom)}</style>
</head>
<body class="paper-${doc.paper.name}">
<main class="sheet">
${doc.blocks.map(block)}
</main>
</body>
</html>
`.text;
}
