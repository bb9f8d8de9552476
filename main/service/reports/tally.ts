/**
 * A branch's sales of a period as a Tally import: the XML Tally's "Import Data" takes for vouchers
 * (ENVELOPE / HEADER / TALLYREQUEST Import Data / BODY / IMPORTDATA / REQUESTDESC Vouchers /
 * REQUESTDATA / TALLYMESSAGE / VOUCHER).
 *
 *   Sales voucher        one per invoice and per transfer invoice: the party debited with the
 *                        document's value; the sales ledger credited with the taxable value, the
 *                        output CGST/SGST/IGST ledgers with the tax, untaxed charges (shipping,
 *                        other, untaxed job charges) and the rounding to the rupee on their own
 *   Credit Note voucher  one per GST credit note: the same ledgers the other way round
 *
 * Tally's signs: a debit is a negative AMOUNT with ISDEEMEDPOSITIVE Yes, a credit a positive one
 * with No; every voucher's amounts add up to zero. The party is the buyer's name for a registered
 * buyer (with PARTYGSTIN), the receiving branch for a transfer, else the cash-sales ledger.
 */
import { localDate } from '../../../shared/domain/calendar.js';
import type { BranchRow } from '../store/branch.js';
import type { RequestContext } from '../context.js';
import { invalid } from '../errors.js';
import { calendarDate } from '../input/dates.js';
import { gstDocuments, type GstDocument } from './gstr1.js';

export interface TallyLedgers {
  sales: string;
  cgst: string;
  sgst: string;
  igst: string;
  roundOff: string;
  charges: string;
  cashParty: string;
}

/** The ledger names used unless the request names others (docs/head-office.md lists them). */
export const DEFAULT_LEDGERS: TallyLedgers = {
  sales: 'Sales',
  cgst: 'Output CGST',
  sgst: 'Output SGST',
  igst: 'Output IGST',
  roundOff: 'Round Off',
  charges: 'Other Charges',
  cashParty: 'Cash Sales',
};

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Paise as Tally's amount text: -1180.00. */
export function tallyAmount(paise: number): string {
  const abs = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

interface Entry {
  ledger: string;
  /** Paise; negative is a debit. */
  amount: number;
  party?: boolean;
}

/** A document's ledger entries, summing to zero. */
export function voucherEntries(d: GstDocument, ledgers: TallyLedgers): Entry[] {
  const t = d.totals;
  // A credit note turns every entry round: the party is credited, sales and tax debited.
  const sign = d.kind === 'credit' ? -1 : 1;
  const party = d.ctin || d.kind === 'transfer' ? d.party : ledgers.cashParty;
  const charges = d.value - t.txval - t.camt - t.samt - t.iamt - t.rounding;
  const entries: Entry[] = [
    { ledger: party, amount: -sign * d.value, party: true },
    { ledger: ledgers.sales, amount: sign * t.txval },
    { ledger: ledgers.cgst, amount: sign * t.camt },
    { ledger: ledgers.sgst, amount: sign * t.samt },
    { ledger: ledgers.igst, amount: sign * t.iamt },
    { ledger: ledgers.charges, amount: sign * charges },
    { ledger: ledgers.roundOff, amount: sign * t.rounding },
  ];
  return entries.filter((e) => e.party || e.amount !== 0);
}

function voucherXml(d: GstDocument, ledgers: TallyLedgers): string {
  const type = d.kind === 'credit' ? 'Credit Note' : 'Sales';
  const entries = voucherEntries(d, ledgers);
  const party = entries[0]!.ledger;
  const lines = [
    `<VOUCHER VCHTYPE="${type}" ACTION="Create">`,
    `<DATE>${d.date.replace(/-/g, '')}</DATE>`,
    `<VOUCHERTYPENAME>${type}</VOUCHERTYPENAME>`,
    `<VOUCHERNUMBER>${escape(d.no)}</VOUCHERNUMBER>`,
    ...(d.kind === 'credit' ? [`<REFERENCE>${escape(d.invoiceNo ?? '')}</REFERENCE>`] : []),
    `<PARTYLEDGERNAME>${escape(party)}</PARTYLEDGERNAME>`,
    ...(d.ctin ? [`<PARTYGSTIN>${d.ctin}</PARTYGSTIN>`] : []),
    `<PLACEOFSUPPLY>${escape(d.posName)}</PLACEOFSUPPLY>`,
    `<NARRATION>${escape(`${d.party}${d.invoiceNo ? ` (against invoice ${d.invoiceNo})` : ''}`)}</NARRATION>`,
    '<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>',
    ...entries.map(
      (e) =>
        `<ALLLEDGERENTRIES.LIST><LEDGERNAME>${escape(e.ledger)}</LEDGERNAME><ISDEEMEDPOSITIVE>${e.amount < 0 ? 'Yes' : 'No'}</ISDEEMEDPOSITIVE>` +
        `${e.party ? '<ISPARTYLEDGER>Yes</ISPARTYLEDGER>' : ''}<AMOUNT>${tallyAmount(e.amount)}</AMOUNT></ALLLEDGERENTRIES.LIST>`,
    ),
    '</VOUCHER>',
  ];
  return `<TALLYMESSAGE xmlns:UDF="TallyUDF">\n${lines.join('\n')}\n</TALLYMESSAGE>`;
}

/** The branch's invoices, transfer invoices and GST credit notes of from..to as Tally's import XML. */
export function tallyXml(ctx: RequestContext, branch: BranchRow, from: string, to: string, ledgers: TallyLedgers, companyName: string): string {
  const docs = gstDocuments(ctx, { gstin: branch.gstin?.trim().toUpperCase() ?? '', branches: [branch], from, to }).sort(
    (a, b) => a.date.localeCompare(b.date) || a.no.localeCompare(b.no),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ENVELOPE>',
    '<HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER>',
    '<BODY><IMPORTDATA>',
    `<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME><STATICVARIABLES><SVCURRENTCOMPANY>${escape(companyName)}</SVCURRENTCOMPANY></STATICVARIABLES></REQUESTDESC>`,
    '<REQUESTDATA>',
    ...docs.map((d) => voucherXml(d, ledgers)),
    '</REQUESTDATA>',
    '</IMPORTDATA></BODY>',
    '</ENVELOPE>',
    '',
  ].join('\n');
}

/** The period of an export: two days, from ≤ to, from not after today, at most a year; 400s naming the field. */
export function tallyPeriod(ctx: RequestContext, fromText: string | undefined, toText: string | undefined): { from: string; to: string } {
  const from = calendarDate(fromText, 'from');
  const to = calendarDate(toText, 'to');
  if (!from) throw invalid('From which day? Give the first day of the period', { from: ['Required'] });
  if (!to) throw invalid('To which day? Give the last day of the period', { to: ['Required'] });
  if (to < from) throw invalid('The period ends before it begins', { to: ['On or after the first day'] });
  if (from > localDate(ctx.now())) throw invalid(`${from} has not come yet: export a period that has begun`, { from: ['A day in the future'] });
  if (Date.parse(to) - Date.parse(from) > 366 * 86_400_000) throw invalid('Export at most a year at a time', { to: ['At most a year after the first day'] });
  return { from, to };
}

/** The ledger names of a request: each given one trimmed, else its default. */
export function tallyLedgers(given: Partial<Record<keyof TallyLedgers, string | undefined>>): TallyLedgers {
  const out = { ...DEFAULT_LEDGERS };
  for (const key of Object.keys(out) as Array<keyof TallyLedgers>) {
    const name = given[key]?.trim();
    if (name) out[key] = name;
  }
  return out;
}
