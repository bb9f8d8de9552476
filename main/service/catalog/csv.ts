/**
 * CSV as RFC 4180 writes it, and as spreadsheets export it: comma-separated, fields optionally in
 * double quotes (a quote inside doubled, commas and line breaks inside allowed), CRLF or LF line
 * ends, an optional UTF-8 byte-order mark (Excel's "CSV UTF-8"). Each record keeps the line it
 * starts on, so import errors can name the line a person sees in their editor.
 */

export interface CsvRecord {
  line: number;
  fields: string[];
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(`line ${line}: ${message}`);
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const input = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  // A field that was quoted is complete when its closing quote is seen; this tells a
  // quoted empty field ("") apart from nothing at all on a blank line.
  let quoted = false;

  const endRecord = () => {
    fields.push(field);
    const blank = fields.length === 1 && fields[0] === '' && !quoted;
    if (!blank) records.push({ line: recordLine, fields });
    fields = [];
    field = '';
    quoted = false;
  };

  while (i < input.length) {
    const c = input[i]!;
    if (c === '"') {
      if (field !== '' || quoted) throw new CsvError(line, 'a quote inside a field that does not start with one');
      quoted = true;
      i++;
      const startLine = line;
      for (;;) {
        if (i >= input.length) throw new CsvError(startLine, 'a quoted field is never closed');
        const q = input[i]!;
        if (q === '"') {
          if (input[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === '\n') line++;
        field += q;
        i++;
      }
      const after = input[i];
      if (after !== undefined && after !== ',' && after !== '\n' && after !== '\r') {
        throw new CsvError(line, 'text after a closing quote');
      }
      continue;
    }
    if (c === ',') {
      fields.push(field);
      field = '';
      quoted = false;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      endRecord();
      i += c === '\r' && input[i + 1] === '\n' ? 2 : 1;
      line++;
      recordLine = line;
      continue;
    }
    field += c;
    i++;
  }
  if (field !== '' || quoted || fields.length > 0) endRecord();
  return records;
}
