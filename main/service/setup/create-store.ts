/**
 * Creates a store in an empty data file: company, branches, the current financial year, the
 * users, and which business lines are active. Used by `npm run setup` for a real store and by
 * the demo; both go through the same validation, so the demo is a store like any other.
 */
import { z } from 'zod';
import type { Role } from '../../../shared/contract/roles.js';
import { ROLES } from '../../../shared/contract/roles.js';
import { gstinProblem, gstinStateCode } from '../../../shared/domain/gstin.js';
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
        password: z.string().min(8, 'At least 8 characters'),
        branchCode: z.string().optional(),
      }),
    )
    .min(1)
    .refine((list) => list.some((u) => u.role === 'admin'), 'A store needs an admin user'),
  activeModules: z.array(z.number().int()).default([1]),
});
export type StoreSpec = z.input<typeof StoreSpec>;

export class StoreSpecError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** Validates everything, hashes passwords, then writes the whole store in one transaction. */
export async function createStore(db: Db, ids: IdSource, input: StoreSpec, now: Date, mode: 'demo' | 'store') {
  const parsed = StoreSpec.safeParse(input);
  if (!parsed.success) {
    throw new StoreSpecError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const spec = parsed.data;
  const stateStore = states(db);
  const problems: string[] = [];
  const stateOf = (text: string, where: string) => {
    const found = stateStore.find(text);
    if (!found) problems.push(`${where}: unknown state "${text}"`);
    return found;
  };
  const companyState = stateOf(spec.company.state, 'company.state');
  if (companyState && gstinStateCode(spec.company.gstin) !== companyState.gst_state_code) {
    problems.push(`company.gstin: starts with ${gstinStateCode(spec.company.gstin)}, but ${companyState.name} is ${companyState.gst_state_code}`);
  }
  if (companies(db).count() > 0) problems.push('This data file already holds a store');
  const branchStates = spec.branches.map((b, i) => (b.state ? stateOf(b.state, `branches.${i}.state`) : companyState));
  const codes = new Set(spec.branches.map((b) => b.code));
  spec.users.forEach((u, i) => {
    if (u.branchCode && !codes.has(u.branchCode)) problems.push(`users.${i}.branchCode: no branch ${u.branchCode}`);
  });
  if (problems.length > 0 || !companyState) throw new StoreSpecError(problems);

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
            // A real store's users chose none of these passwords themselves: the first sign-in
            // asks for their own. The demo's well-known passwords are not forced.
            must_change_password: mode === 'store',
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
