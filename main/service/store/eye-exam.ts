/** SQL for eye examinations: `customer_eye_info` and its per-lens-type rows `customer_eye_rx`. */
import { parseDiopter, type RxEntry } from '../../../shared/domain/rx.js';
import type { Db } from '../db/database.js';
import { perDatabase } from './per-database.js';
import { extend } from '../../../shared/extend.js';

export interface EyeExamRow {
  id: number;
  company_id: number;
  branch_id: number;
  customer_id: number;
  doctor_id: number | null;
  /** The doctor as typed at the counter when no doctor of the company matched (then doctor_id is null). */
  typed_doctor_name: string | null;
  type_id: number;
  visiting_date: string;
  remarks: string | null;
  recall_date: string | null;
  is_active: number;
  created_by: number;
  created_at: string;
  modified_by: number | null;
  modified_at: string | null;
  /** Versions (migration 020): the version this one replaced, the first of the line, 1, 2, … */
  amends_id: number | null;
  version_root: number | null;
  version_no: number;
  amend_reason: string | null;
  /** Set when an amendment replaced this version: by which version, who, when. */
  superseded_by_id: number | null;
  superseded_by: number | null;
  superseded_at: string | null;
}

/** An examination with the names its answers show. */
export interface EyeExamView extends EyeExamRow {
  /** The linked doctor's name, else the name typed at the counter. */
  doctor_name: string | null;
  created_by_name: string;
  modified_by_name: string | null;
  superseded_by_name: string | null;
}

/** One lens type and eye of an examination; diopters in hundredths. */
export interface EyeRxRow {
  eye_info_id: number;
  lens_type: number;
  sph: number | null;
  cyl: number | null;
  axis: number | null;
  addition: number | null;
  va: string | null;
  vn: string | null;
  pd: number | null;
  bc: number | null;
  dia: number | null;
  fh: number | null;
  th: number | null;
  /** Keratometry in diopters (eighths, exact as REAL). */
  k1: number | null;
  k2: number | null;
  /** Prism in hundredths of a prism dioptre, and where its base points (migration 020). */
  prism: number | null;
  base: string | null;
}

const hundredths = (text: string | null) => (text === null ? null : Math.round(parseDiopter(text)! * 100));
const number = (text: string | null) => (text === null ? null : Number(text));

/** A normalised entry (shared/domain/rx.ts) as its row: diopters to exact hundredths. */
export function rxRowOf(e: RxEntry): Omit<EyeRxRow, 'eye_info_id'> {
  return {
    lens_type: Number(e.lensTypeID),
    sph: hundredths(e.sph),
    cyl: hundredths(e.cyl),
    axis: number(e.axis),
    addition: hundredths(e.add),
    va: e.va,
    vn: e.vn,
    pd: number(e.pd),
    bc: number(e.bc),
    dia: number(e.dia),
    fh: number(e.fh),
    th: number(e.th),
    k1: number(e.k1),
    k2: number(e.k2),
    prism: e.prism === null ? null : Math.round(Number(e.prism) * 100),
    base: e.base,
  };
}

type VersionColumns = 'amends_id' | 'version_root' | 'version_no' | 'amend_reason' | 'superseded_by_id' | 'superseded_by' | 'superseded_at';

export type NewEyeExam = Omit<EyeExamRow, 'is_active' | 'created_by' | 'created_at' | 'modified_by' | 'modified_at' | 'typed_doctor_name' | VersionColumns> & {
  typed_doctor_name?: string | null;
  /** An amendment: the version it replaces, the line's first, its number, why. */
  amends_id?: number | null;
  version_root?: number | null;
  version_no?: number;
  amend_reason?: string | null;
};

const VIEW = `SELECT e.*, coalesce(d.name, e.typed_doctor_name) AS doctor_name, cu.user_name AS created_by_name, mu.user_name AS modified_by_name,
                     su.user_name AS superseded_by_name
              FROM customer_eye_info e
              JOIN app_user cu ON cu.id = e.created_by
              LEFT JOIN app_user mu ON mu.id = e.modified_by
              LEFT JOIN app_user su ON su.id = e.superseded_by
              LEFT JOIN doctor d ON d.id = e.doctor_id`;

export const eyeExams = perDatabase((db: Db) => {
  const byId = db.prepare<[number, number], EyeExamView>(`${VIEW} WHERE e.id = ? AND e.company_id = ?`);
  const ofCustomer = db.prepare<[number, number], EyeExamView>(
    `${VIEW} WHERE e.customer_id = ? AND e.company_id = ? ORDER BY e.visiting_date DESC, e.created_at DESC, e.id DESC`,
  );
  const versions = db.prepare<[number, number, number], EyeExamView>(
    `${VIEW} WHERE (e.id = ? OR e.version_root = ?) AND e.company_id = ? ORDER BY e.version_no DESC, e.id DESC`,
  );
  const supersede = db.prepare<{ id: number; by_id: number; by: number; at: string }>(
    `UPDATE customer_eye_info SET superseded_by_id = @by_id, superseded_by = @by, superseded_at = @at
     WHERE id = @id AND superseded_at IS NULL`,
  );
  const current = db.prepare<[number], { id: number; visiting_date: string }>(
    `SELECT id, visiting_date FROM customer_eye_info INDEXED BY customer_eye_info_current
     WHERE customer_id = ? AND superseded_at IS NULL AND is_active = 1 ORDER BY visiting_date DESC, created_at DESC, id DESC LIMIT 1`,
  );
  const rxOf = db.prepare<[number], EyeRxRow>('SELECT * FROM customer_eye_rx WHERE eye_info_id = ? ORDER BY lens_type');
  const insert = db.prepare(
    `INSERT INTO customer_eye_info (id, company_id, branch_id, customer_id, doctor_id, typed_doctor_name, type_id, visiting_date,
                                    remarks, recall_date, amends_id, version_root, version_no, amend_reason, created_by, created_at)
     VALUES (@id, @company_id, @branch_id, @customer_id, @doctor_id, @typed_doctor_name, @type_id, @visiting_date, @remarks,
             @recall_date, @amends_id, @version_root, @version_no, @amend_reason, @by, @at)`,
  );
  // The prescription form has no typed-name field: its update keeps the counter's typed name
  // unless it names a doctor, who then replaces it.
  const update = db.prepare(
    `UPDATE customer_eye_info SET doctor_id = @doctor_id,
            typed_doctor_name = CASE WHEN @doctor_id IS NULL THEN typed_doctor_name END, type_id = @type_id, visiting_date = @visiting_date,
            remarks = @remarks, recall_date = @recall_date, modified_by = @by, modified_at = @at
     WHERE id = @id AND company_id = @company_id`,
  );
  const deactivate = db.prepare<{ id: number; by: number; at: string }>(
    'UPDATE customer_eye_info SET is_active = 0, modified_by = @by, modified_at = @at WHERE id = @id AND is_active = 1',
  );
  const clearRx = db.prepare<[number]>('DELETE FROM customer_eye_rx WHERE eye_info_id = ?');
  const insertRx = db.prepare(
    `INSERT INTO customer_eye_rx (eye_info_id, lens_type, sph, cyl, axis, addition, va, vn, pd, bc, dia, fh, th, k1, k2, prism, base)
     VALUES (@eye_info_id, @lens_type, @sph, @cyl, @axis, @addition, @va, @vn, @pd, @bc, @dia, @fh, @th, @k1, @k2, @prism, @base)`,
  );
  return {
    byId: (companyId: number, id: number) => byId.get(id, companyId),
    /** Newest visit first. */
    ofCustomer: (companyId: number, customerId: number) => ofCustomer.all(customerId, companyId),
    rx: (examId: number) => rxOf.all(examId),
    /** The customer's newest examination that is neither deleted nor superseded. */
    current: (customerId: number) => current.get(customerId),
    /** Every version of the line `rootId` starts, newest first (the root itself included). */
    versions: (companyId: number, rootId: number) => versions.all(rootId, rootId, companyId),
    /** Marks `id` replaced by the version `byId`; false when it already was (a second amendment raced it). */
    supersede: (id: number, byId: number, by: { userId: number; at: string }) =>
      supersede.run({ id, by_id: byId, by: by.userId, at: by.at }).changes === 1,
    insert(row: NewEyeExam, by: { userId: number; at: string }) {
      insert.run(extend({ typed_doctor_name: null, amends_id: null, version_root: null, version_no: 1, amend_reason: null, ...row }, { by: by.userId, at: by.at }));
    },
    update(row: Omit<NewEyeExam, 'branch_id' | 'customer_id' | 'typed_doctor_name'>, by: { userId: number; at: string }) {
      update.run(extend(row, { by: by.userId, at: by.at }));
    },
    /** Whether this call switched it off (false when it already was). */
    deactivate: (id: number, by: { userId: number; at: string }) => deactivate.run({ id, by: by.userId, at: by.at }).changes === 1,
    replaceRx(examId: number, rows: readonly Omit<EyeRxRow, 'eye_info_id'>[]) {
      clearRx.run(examId);
      for (const r of rows) insertRx.run(extend(r, { eye_info_id: examId }));
    },
  };
});
