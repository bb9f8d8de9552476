/**
 * What a printed document says, before it is drawn: a list of blocks on a paper. Each document
 * (receipt, invoice, prescription card, job card) builds blocks from the database; pdf.ts draws
 * them with pdfkit and page.ts writes them as HTML, so the two outputs cannot say different things.
 * Every string here is plain text; the HTML writer escapes it.
 */
import type { Paper } from './paper.js';

export interface Logo {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg';
}

export type Align = 'left' | 'center' | 'right';

export interface Column {
  title: string;
  /** Relative width; the columns share the line in proportion. */
  width: number;
  align?: Align;
}

export interface TotalRow {
  label: string;
  value: string;
  strong?: boolean;
}

export type Block =
  /** The store: logo, name, address, GSTIN, phone — centred. */
  | { kind: 'letterhead'; logo: Logo | null; name: string; lines: readonly string[] }
  /** The document's name, and which copy it is. */
  | { kind: 'title'; text: string; note: string | null }
  /** Label: value pairs; two columns side by side on wide paper. */
  | { kind: 'fields'; rows: readonly (readonly [string, string])[]; columns?: 1 | 2 }
  /** Boxes side by side (stacked on a roll): supplier and recipient, patient and doctor. */
  | { kind: 'parties'; parts: readonly { heading: string; lines: readonly string[] }[] }
  | { kind: 'table'; columns: readonly Column[]; rows: readonly (readonly string[])[] }
  /** Right-aligned label and amount pairs under a table. */
  | { kind: 'totals'; rows: readonly TotalRow[] }
  | { kind: 'heading'; text: string }
  | { kind: 'text'; text: string; strong?: boolean; align?: Align; small?: boolean }
  | { kind: 'rule' }
  | { kind: 'qr'; text: string; caption: string }
  /** "For <company>", room to sign, and who signs. */
  | { kind: 'signature'; above: string; below: string }
  /** A word no one can miss: CANCELLED. */
  | { kind: 'stamp'; text: string };

export interface PrintedDocument {
  /** The HTML page's title and the PDF's Title. */
  title: string;
  /** Without extension; made safe for a Content-Disposition header by the handler. */
  fileName: string;
  paper: Paper;
  blocks: readonly Block[];
}
