/**
 * A report as a file, the same for every report: XLSX (one sheet: title, period, branch, the
 * table with its totals; money as numbers formatted in rupees) or CSV (UTF-8 with a byte-order
 * mark so spreadsheet programs read ₹ and names right; the header row, the rows, the totals).
 */
import type ExcelJS from 'exceljs';
import type { Report, ReportCell } from '../../../shared/models/reports.js';

/** Bytes and their content type, as the routes send a file (print/output.ts BinaryResult). */
export interface ReportFile {
  contentType: string;
  bytes: Uint8Array;
  fileName: string;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The report's name and its days: letters, digits and '-' only. */
const fileName = (r: Report, ext: string) => `${r.report}-${r.from}-to-${r.to}.${ext}`;

/**
 * A new workbook. exceljs takes about 0.4 s to load (its zip and stream libraries with it): it is
 * loaded with the first spreadsheet asked for, not with every start of the service.
 */
export async function newWorkbook(): Promise<ExcelJS.Workbook> {
  const { default: excel } = await import('exceljs');
  return new excel.Workbook();
}

const cellsOf = (r: Report, row: Record<string, ReportCell>) => r.columns.map((c) => row[c.key] ?? null);

export async function reportXlsx(r: Report): Promise<ReportFile> {
  const book = await newWorkbook();
  book.creator = 'Optical POS';
  const sheet = book.addWorksheet(r.title.slice(0, 31));
  sheet.addRow([r.title]).font = { bold: true, size: 14 };
  sheet.addRow([`${r.branchName}, ${r.from} to ${r.to}; previous period ${r.previousFrom} to ${r.previousTo}`]);
  sheet.addRow([]);
  const header = sheet.addRow(r.columns.map((c) => c.header));
  header.font = { bold: true };
  for (const row of r.rows) sheet.addRow(cellsOf(r, row));
  if (r.total) sheet.addRow(cellsOf(r, r.total)).font = { bold: true };
  r.columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    column.width = Math.max(12, Math.min(40, c.header.length + 2));
    if (c.kind === 'money') column.numFmt = '#,##0.00';
    if (c.kind === 'percent') column.numFmt = '0.0';
  });
  const bytes = new Uint8Array(await book.xlsx.writeBuffer());
  return { contentType: XLSX_TYPE, bytes, fileName: fileName(r, 'xlsx') };
}

/** A cell as CSV: quoted when it must be; text a spreadsheet would run as a formula is kept as text. */
function csvCell(value: ReportCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(r: Report): ReportFile {
  const lines = [r.columns.map((c) => csvCell(c.header)), ...r.rows.map((row) => cellsOf(r, row).map(csvCell))];
  if (r.total) lines.push(cellsOf(r, r.total).map(csvCell));
  const text = `\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
  return { contentType: 'text/csv; charset=utf-8', bytes: Buffer.from(text, 'utf8'), fileName: fileName(r, 'csv') };
}
