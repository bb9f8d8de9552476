/**
 * User administration (issue 14, part 8; not in the spec): the admin's list and forms, and the
 * change of one's own password. Ids are ENC ids; roles are the keys of contract/roles.ts.
 */
import { z } from 'zod';
import { atMost, bounded, TEXT_MAX } from '../contract/lengths.js';
import { encId } from '../contract/primitives.js';
import { ROLES } from '../contract/roles.js';

/** The shortest password the store accepts (setup asks the same). */
export const PASSWORD_MIN_LENGTH = 8;

export const Password = bounded('password')
  .min(PASSWORD_MIN_LENGTH, `At least ${PASSWORD_MIN_LENGTH} characters`)
  .refine((s) => s.trim().length === s.length, 'No spaces at the start or end')
  .refine((s) => new Set(s).size >= 4, 'Too easy to guess: use more different characters');

const optionalText = (max: number) =>
  bounded(max)
    .trim()
    .nullish()
    .transform((s) => (s ? s : null));

const Email = bounded('email')
  .trim()
  .transform((s) => (s === '' ? null : s))
  .pipe(z.email('Not an email address').max(TEXT_MAX.email, atMost(TEXT_MAX.email)).nullable())
  .nullish()
  .transform((s) => s ?? null);

const UserName = bounded('userName')
  .trim()
  .min(3, 'At least 3 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'Letters, digits, dot, dash or underscore only');

const Branches = z.array(encId()).min(1, 'Pick at least one branch').max(50);

/** One user as the admin's list shows them. */
export const UserSummary = z.object({
  userID: z.string(),
  userName: z.string(),
  fullName: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  roleName: z.string(),
  /** The usual branch: where sign-in puts the user unless they pick another. */
  branchID: z.string(),
  /** Every branch the user may work in, the usual one first. */
  branchIDs: z.array(z.string()),
  branchNames: z.array(z.string()),
  isActive: z.boolean(),
  mustChangePassword: z.boolean(),
  createdDate: z.string(),
  disabledDate: z.string().nullable(),
  passwordChangedDate: z.string().nullable(),
});
export type UserSummary = z.infer<typeof UserSummary>;

export const CreateUserRequest = z.object({
  userName: UserName,
  fullName: optionalText(TEXT_MAX.name),
  email: Email,
  role: z.enum(ROLES, 'Pick a role'),
  /** The first is the usual branch. */
  branchIDs: Branches,
  /** A temporary password: the user chooses their own at the first sign-in. */
  password: Password,
});
export type CreateUserRequest = z.input<typeof CreateUserRequest>;

export const UpdateUserRequest = z.object({
  userID: encId(),
  fullName: optionalText(TEXT_MAX.name),
  email: Email,
  role: z.enum(ROLES, 'Pick a role'),
  branchIDs: Branches,
});
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

export const UserIdRequest = z.object({ userID: encId() });
export type UserIdRequest = z.input<typeof UserIdRequest>;

export const ResetPasswordRequest = z.object({
  userID: encId(),
  /** Temporary: the user must change it at the next sign-in. */
  newPassword: Password,
});
export type ResetPasswordRequest = z.input<typeof ResetPasswordRequest>;

export const ChangePasswordRequest = z.object({
  currentPassword: bounded('password').min(1, 'Required'),
  newPassword: Password,
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

export const SaveUserResult = z.object({ message: z.string(), userID: z.string() });
export type SaveUserResult = z.infer<typeof SaveUserResult>;

/** The password changed; the caller's other sessions ended, and this token carries on. */
export const ChangePasswordResult = z.object({ message: z.string(), token: z.string() });
export type ChangePasswordResult = z.infer<typeof ChangePasswordResult>;
