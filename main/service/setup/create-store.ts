/**
 * Creates a store in an empty data file: company, branches, the current financial year, the
 * users, and which business lines are active. Used by `npm run setup` for a real store and by
 * the demo; both go through the same validation, so the demo is a store like any other.
 */
import { z } from 'zod';
import type { Role } from '../../../shared/contract/roles.js';
import { ROLES } from '../../../shared/contract/roles.js';
import { gstinProblem, gstinStateCode } from '../../../shared/domain/gstin.js';
import { Password } from '../../../shared/models/users.js';
import { hashPassword } from '../auth/password.js';
import { localDate } from '../../../shared/domain/calendar.js';
import type { Db } from '../db/database.js';
import type { IdSource } from '../ids/id-source.js';
import { branches } from '../store/branch.js';
import { companies } from '../store/company.js';
import { financialYears } from '../store/financial-year.js';
import { modules } from '../store/module.js';
import { settings } from '../store/setting.js';
import { states } from '../store/state.js';
import { users } from '../store/user.js';
import { seedStoreLookups } from './store-lookups.js';

const optional = z
  .string()
  .trim()
  .transform((s) => (s === '' ? null : s))
  .nullish()
  .transform((s) => s ?? null);

const Gstin = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((value, ctx) => {
    const problem = gstinProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const StoreSpec = z.object({
  company: z.object({
    name: z.string().trim().min(2),
    gstin: Gstin,
    state: z.string().trim().min(1),
    city: optional,
    address: optional,
    email: z.email().nullish().transform((s) => s ?? null),
    mobile: optional,
    maskCustomerMobile: z.boolean().default(true),
  }),
  branches: z
    .array(
      z.object({
        code: z.string().trim().min(1).max(10),
        name: z.string().trim().min(2),
        city: optional,
        address: optional,
        mobile: optional,
        email: z.email().nullish().transform((s) => s ?? null),
        /** Defaults to the company's; a branch in another state has its own GSTIN. */
        gstin: Gstin.nullish(),
        state: optional,
      }),
    )
    .min(1),
  users: z
    .array(
      z.object({
        userName: z.string().trim().min(3).max(50),
        fullName: optional,
        email: z.email().nullish().transform((s) => s ?? null),
        role: z.enum(ROLES),
        // The rule every password of the store follows (users' own changes too).
        password: Password,
        branchCode: z.string().optional(),
        /** The password was typed (twice) by the user it belongs to, as the first-run screen's admin does. */
        ownPassword: z.boolean().default(false),
      }),
    )
    .min(1)
    .refine((list) => list.some((u) => u.role === 'admin'), 'A store needs an admin user'),
  activeModules: z.array(z.number().int()).default([1]),
});
export type StoreSpec = z.input<typeof StoreSpec>;

/** One refusal: the field's path in the spec (`company.gstin`, `branches.0.code`) and why. */
export interface StoreSpecIssue {
  path: string;
  message: string;
}

/** A spec path in words the person setting up the store understands ("Company GSTIN"). */
export function fieldLabel(path: string): string {
  const [part, index, field] = path.split('.');
  const nth = (noun: string) => (Number(index) > 0 ? `${noun} ${Number(index) + 1}` : noun);
  const words: Record<string, string> = {
    'company.name': 'Company name',
    'company.gstin': 'Company GSTIN',
    'company.state': 'State',
    'company.city': 'City',
    'company.email': 'Company email',
    tillCode: 'Till code',
    node: 'Installation number',
  };
  if (words[path]) return words[path];
  const branchWords: Record<string, string> = { code: 'code', name: 'name', city: 'city', gstin: 'GSTIN', state: 'state', email: 'email' };
  if (part === 'branches' && field) return `${nth('Branch')} ${branchWords[field] ?? field}`;
  if (part === 'branches') return 'Branches';
  const userWords: Record<string, string> = { userName: 'user name', password: 'password', branchCode: 'branch', email: 'email', role: 'role' };
  if (part === 'users' && field) return `${nth('Administrator')} ${userWords[field] ?? field}`;
  if (part === 'users') return 'Users';
  return path || 'Store';
}

export class StoreSpecError extends Error {
  /** Each refusal as one line naming its field in words, for the command line. */
  readonly problems: string[];
  constructor(readonly issues: StoreSpecIssue[]) {
    const problems = issues.map((i) => `${fieldLabel(i.path)}: ${i.message}`);
    super(problems.join('\n'));
    this.problems = problems;
  }
}

/** A GSTIN's state code against the state it is registered in. */
const gstinStateIssue = (gstin: string, state: { name: string; gst_state_code: string }) =>
  gstinStateCode(gstin) === state.gst_state_code ? null : `starts with ${gstinStateCode(gstin)}, but ${state.name} is ${state.gst_state_code}`;

/**
 * Every rule of a new store, in one place: `npm run setup`, the first-run screen and the demo all
 * come through here. Throws StoreSpecError naming each field it refuses; nothing is written.
 */
export function checkStoreSpec(db: Db, input: StoreSpec): z.output<typeof StoreSpec> {
  const parsed = StoreSpec.safeParse(input);
  if (!parsed.success) throw new StoreSpecError(parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })));
  const spec = parsed.data;
  const stateStore = states(db);
  const issues: StoreSpecIssue[] = [];
  const stateOf = (text: string, path: string) => {
    const found = stateStore.find(text);
    if (!found) issues.push({ path, message: `unknown state "${text}"` });
    return found;
  };
  const companyState = stateOf(spec.company.state, 'company.state');
  const companyIssue = companyState && gstinStateIssue(spec.company.gstin, companyState);
  if (companyIssue) issues.push({ path: 'company.gstin', message: companyIssue });
  if (companies(db).count() > 0) issues.push({ path: '', message: 'This data file already holds a store' });
  const codes = new Set<string>();
  spec.branches.forEach((b, i) => {
    if (codes.has(b.code)) issues.push({ path: `branches.${i}.code`, message: `${b.code} is given twice` });
    codes.add(b.code);
    const state = b.state ? stateOf(b.state, `branches.${i}.state`) : companyState;
    // A branch's own GSTIN follows the same rules as the company's: check character, and the state it is in.
    const branchIssue = b.gstin && state && gstinStateIssue(b.gstin, state);
    if (branchIssue) issues.push({ path: `branches.${i}.gstin`, message: branchIssue });
    if (!b.gstin && state && companyState && state.id !== companyState.id) {
      issues.push({ path: `branches.${i}.gstin`, message: `a branch in ${state.name} needs its own GSTIN (the company's is for ${companyState.name})` });
    }
  });
  spec.users.forEach((u, i) => {
    if (u.branchCode && !codes.has(u.branchCode)) issues.push({ path: `users.${i}.branchCode`, message: `no branch ${u.branchCode}` });
  });
  if (issues.length > 0) throw new StoreSpecError(issues);
  return spec;
}

/** Validates everything, hashes passwords, then writes the whole store in one transaction. */
export async function createStore(db: Db, ids: IdSource, input: StoreSpec, now: Date, mode: 'demo' | 'store') {
  const spec = checkStoreSpec(db, input);
  const stateStore = states(db);
  const companyState = stateStore.find(spec.company.state)!;
  const branchStates = spec.branches.map((b) => (b.state ? stateStore.find(b.state)! : companyState));

  const hashes = await Promise.all(spec.users.map((u) => hashPassword(u.password)));
  const createdAt = now.toISOString();

  return db
    .transaction(() => {
      const companyId = ids.next('company');
      companies(db).insert(
        {
          id: companyId,
          name: spec.company.name,
          email: spec.company.email,
          mobile: spec.company.mobile,
          gstin: spec.company.gstin,
          address: spec.company.address,
          city: spec.company.city,
          state_id: companyState.id,
          country_id: companyState.country_id,
          logo: null,
          mask_customer_mobile: spec.company.maskCustomerMobile ? 1 : 0,
        },
        createdAt,
      );
      const branchIds = new Map<string, number>();
      spec.branches.forEach((b, i) => {
        const id = ids.next('branch');
        const state = branchStates[i] ?? companyState;
        branchIds.set(b.code, id);
        branches(db).insert({
          id,
          company_id: companyId,
          code: b.code,
          name: b.name,
          address: b.address,
          city: b.city,
          mobile: b.mobile,
          email: b.email,
          gstin: b.gstin ?? spec.company.gstin,
          state_id: state.id,
          country_id: state.country_id,
          logo: null,
          signature: null,
        });
      });
      const firstBranch = branchIds.get(spec.branches[0]!.code)!;
      spec.users.forEach((u, i) => {
        const branchId = u.branchCode ? branchIds.get(u.branchCode)! : firstBranch;
        users(db).insert(
          {
            id: ids.next('app_user'),
            company_id: companyId,
            branch_id: branchId,
            branch_ids: [branchId],
            // A password someone else chose (`npm run setup` run by whoever installs the PC) is
            // replaced at the first sign-in; the admin who typed their own on the first-run
            // screen is not asked again. The demo's well-known passwords are not forced.
            must_change_password: mode === 'store' && !u.ownPassword,
            role: u.role as Role,
            user_name: u.userName,
            full_name: u.fullName,
            email: u.email,
            password_hash: hashes[i]!,
          },
          createdAt,
        );
      });
      for (const moduleId of spec.activeModules) modules(db).setActive(companyId, moduleId, true);
      financialYears(db).ensure(companyId, localDate(now));
      seedStoreLookups(db, ids, companyId);
      settings(db).set('mode', mode);
      return { companyId, branchIds };
    })
    .immediate();
}
