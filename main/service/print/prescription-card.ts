/**
 * The prescription card handed to the patient (A5): who, when, by whom, the examination's rows
 * for distance and near spectacles and contact lenses, each eye on its own line, PD, remarks
 * and when to come back. The figures are the ones prescription-full-detail answers, from the
 * same stored rows, formatted by the same functions (endpoints/customer/rx-view.ts).
 */
import { PRESCRIPTION_TYPES, type Eye } from '../../../shared/domain/rx.js';
import type { RequestContext } from '../context.js';
import { ageOn } from '../input/dates.js';
import { findExam } from '../customer/exam.js';
import { masksMobiles, mobileShown } from '../customer/mobile.js';
import { byUse, type EyePair, type RxValues } from '../customer/rx-view.js';
import { notFound } from '../errors.js';
import { eyeExams } from '../store/eye-exam.js';
import { printSource } from '../store/print-source.js';
import { printedDate } from './dates.js';
import type { Block, Column, PrintedDocument } from './layout.js';
import { letterhead } from './letterhead.js';
import { PAPERS } from './paper.js';
import { customerName } from './receipt.js';

type Field = keyof RxValues;

const EYES: readonly [Eye, string][] = [
  ['right', 'Right (OD)'],
  ['left', 'Left (OS)'],
];

const TITLES: Partial<Record<Field, string>> = {
  sph: 'SPH', cyl: 'CYL', axis: 'AXIS', add: 'ADD', va: 'VA', vn: 'VN', pd: 'PD', bc: 'BC', dia: 'DIA', k1: 'K1', k2: 'K2', fh: 'FH',
  prism: 'PRISM', base: 'BASE',
};

/** One use's rows, with only the columns that hold something on this examination (SPH, CYL, AXIS always). */
function rxTable(pair: EyePair, fields: readonly Field[]): Block {
  const shown = fields.filter((f) => ['sph', 'cyl', 'axis'].includes(f) || EYES.some(([eye]) => pair[eye]?.[f]));
  const columns: Column[] = [{ title: 'Eye', width: 1.6 }, ...shown.map((f) => ({ title: TITLES[f]!, width: 1, align: 'right' as const }))];
  const rows = EYES.filter(([eye]) => pair[eye]).map(([eye, label]) => [label, ...shown.map((f) => pair[eye]![f] ?? '')]);
  return { kind: 'table', columns, rows };
}

const SECTIONS = [
  // VN (near vision) is printed wherever it was recorded: the grid takes it on every row (issue 16).
  { use: 'distance', heading: 'Spectacles: distance', fields: ['sph', 'cyl', 'axis', 'add', 'va', 'vn', 'prism', 'base', 'pd', 'fh'] },
  { use: 'near', heading: 'Spectacles: near', fields: ['sph', 'cyl', 'axis', 'add', 'va', 'vn', 'prism', 'base', 'pd'] },
  { use: 'contact', heading: 'Contact lenses', fields: ['sph', 'cyl', 'axis', 'add', 'va', 'vn', 'bc', 'dia', 'k1', 'k2'] },
] as const;

/** The time printed as a file name carries it: 20261125-213512 (UTC, to the second). */
export const printStamp = (at: Date): string => at.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');

/** The examination a print request names (its ENC id, as prescription-full-detail takes it); another company's is not found. */
export function prescriptionCard(ctx: RequestContext, body: string): PrintedDocument {
  const exam = findExam(ctx, body, 'body');
  const source = printSource(ctx.db);
  const issuer = source.issuer(exam.branch_id, ctx.user.companyId);
  const customer = source.customer(exam.customer_id, ctx.user.companyId);
  if (!issuer || !customer) throw notFound('No such prescription');
  const uses = byUse(eyeExams(ctx.db).rx(exam.id));

  const age = customer.birth_date ? ageOn(customer.birth_date, exam.visiting_date) : customer.age;
  const rows: [string, string][] = [
    ['Patient', customerName(customer)],
    ['Date', printedDate(exam.visiting_date)],
  ];
  const about = [age !== null ? `${age} years` : null, customer.gender].filter(Boolean).join(', ');
  if (about) rows.push(['Age, gender', about]);
  const mobile = mobileShown(masksMobiles(ctx), customer.mobile);
  if (mobile) rows.push(['Mobile', mobile]);
  if (exam.doctor_name) rows.push(['Doctor', exam.doctor_name]);
  rows.push(['Source', PRESCRIPTION_TYPES.find((t) => t.id === exam.type_id)?.label ?? '']);

  const blocks: Block[] = [letterhead(ctx, issuer), { kind: 'title', text: 'PRESCRIPTION', note: null }, { kind: 'fields', columns: 2, rows }];
  for (const section of SECTIONS) {
    const pair = uses.get(section.use);
    if (!pair) continue;
    blocks.push({ kind: 'heading', text: section.heading }, rxTable(pair, section.fields));
  }
  if (uses.size === 0) blocks.push({ kind: 'text', text: 'No figures were recorded on this examination.' });
  if (exam.version_no > 1) blocks.push({ kind: 'text', text: `Amended prescription (version ${exam.version_no})${exam.amend_reason ? `: ${exam.amend_reason}` : ''}` });
  if (exam.superseded_at) blocks.push({ kind: 'text', text: `Superseded on ${printedDate(exam.superseded_at.slice(0, 10))} by a later version`, strong: true });
  if (exam.remarks) blocks.push({ kind: 'heading', text: 'Remarks' }, { kind: 'text', text: exam.remarks });
  if (exam.recall_date) blocks.push({ kind: 'text', text: `Next eye checkup due: ${printedDate(exam.recall_date)}`, strong: true });
  blocks.push({ kind: 'signature', above: exam.doctor_name ?? '', below: 'Optometrist / doctor' });

  return {
    title: `Prescription ${customerName(customer)} ${exam.visiting_date}`,
    // Two prints of one day (two versions, two examinations) must not share a name: the version and the time printed.
    fileName: `prescription-${customer.last_name}-${exam.visiting_date}-v${exam.version_no}-${printStamp(ctx.now())}`,
    paper: PAPERS.A5,
    blocks,
  };
}
