/** Login (spec: "Login request (OMLoginRequest)", "Login response"). */
import { z } from 'zod';
import { extension } from '../contract/extensions.js';
import { bounded } from '../contract/lengths.js';
import { bool, encId } from '../contract/primitives.js';

export const LoginRequest = z.object({
  userName: bounded('name').trim().min(1, 'Required'),
  password: bounded('password').min(1, 'Required'),
  branchID: extension('OMLoginRequest', 'branchID', encId().nullish()),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** Auth/switch-branch (ours): the branch to work in for the rest of the session. */
export const SwitchBranchRequest = z.object({ branchID: encId() });

export const ModuleInfo = z.object({ moduleID: z.number().int(), moduleName: z.string(), isActive: bool() });

export const LoginResponse = z.object({
  token: z.string(),
  id: z.string(),
  userName: z.string(),
  userEmail: z.string().nullable(),
  userRole: z.string(),
  yearId: z.string(),
  companyID: z.string(),
  companyName: z.string(),
  companyEmail: z.string().nullable(),
  branchID: z.string(),
  branchName: z.string(),
  branchCity: z.string().nullable(),
  branchStateID: z.string().nullable(),
  branchCountryID: z.string().nullable(),
  logo: z.string().nullable(),
  signature: z.string().nullable(),
  languageID: z.number().int(),
  languageCode: z.string(),
  languageName: z.string(),
  dashBoardUserSettings: z.unknown().nullable(),
  maskCustomerMobileNumber: bool(),
  modules: z.array(ModuleInfo),
  mustChangePassword: extension('LoginResponse', 'mustChangePassword', bool()),
  branches: extension('LoginResponse', 'branches', z.array(z.object({ branchID: z.string(), branchName: z.string() }))),
});
export type LoginResponse = z.infer<typeof LoginResponse>;
