/** A PrintedDocument as the bytes a print endpoint answers: PDF, or HTML in UTF-8. */
import type { RequestContext } from '../context.js';
import type { PrintedDocument } from './layout.js';
import { renderHtml } from './page.js';
import { renderPdf } from './pdf.js';

/** For binary and document endpoints: bytes and their content type. */
export interface BinaryResult {
  contentType: string;
  bytes: Uint8Array;
  fileName?: string;
}

/** Document numbers hold `/`; a file name for Content-Disposition keeps letters, digits, `-`, `_`, `.`. */
export const safeFileName = (name: string): string =>
  name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/-{2,}/g, '-').replace(/^-+|-+$/g, '') || 'document';

export async function asPdf(doc: PrintedDocument): Promise<BinaryResult> {
  return { contentType: 'application/pdf', bytes: await renderPdf(doc), fileName: `${safeFileName(doc.fileName)}.pdf` };
}

export function asHtml(ctx: RequestContext, doc: PrintedDocument): BinaryResult {
  return {
    contentType: 'text/html; charset=utf-8',
    bytes: Buffer.from(renderHtml(doc, ctx.origin), 'utf8'),
    fileName: `${safeFileName(doc.fileName)}.html`,
  };
}
