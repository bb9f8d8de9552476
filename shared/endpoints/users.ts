/**
 * User administration (issue 14, part 8): declared extensions, as the spec has no users
 * endpoints. The admin creates, edits, disables, re-enables users and resets a password; every
 * user changes their own.
 */
import { z } from 'zod';
import { endpoint } from '../contract/endpoint.js';
import { MessageBody } from '../contract/errors.js';
import { ADMIN_ONLY, ANY_ROLE } from '../contract/roles.js';
import {
  ChangePasswordRequest,
  ChangePasswordResult,
  CreateUserRequest,
  ResetPasswordRequest,
  SaveUserResult,
  UpdateUserRequest,
  UserIdRequest,
  UserSummary,
} from '../models/users.js';

const group = 'Users';

const USER_ADMIN =
  'Issue 14: a store’s admin adds and removes staff, resets a forgotten password, and sets each user’s role and branches; the spec has no users endpoints.';

const LAST_ADMIN = 'The last active admin cannot be disabled or given another role (409 LAST_ADMIN).';

export const Users = {
  list: endpoint({
    group,
    name: 'Users.list',
    method: 'GET',
    path: '/api/Users/list',
    summary: 'Every user of the company, active ones first, with role, branches and password state.',
    response: z.array(UserSummary),
    auth: ADMIN_ONLY,
    extension: USER_ADMIN,
  }),
  create: endpoint({
    group,
    name: 'Users.create',
    method: 'POST',
    path: '/api/Users/create',
    summary: 'Adds a user with a temporary password, which they must change at their first sign-in.',
    body: CreateUserRequest,
    response: SaveUserResult,
    auth: ADMIN_ONLY,
    errors: [409],
    extension: USER_ADMIN,
    note: 'User names are unique whatever their case (409 USER_NAME_TAKEN).',
  }),
  update: endpoint({
    group,
    name: 'Users.update',
    method: 'POST',
    path: '/api/Users/update',
    summary: 'Sets a user’s name, email, role and branches (the first branch is the usual one).',
    body: UpdateUserRequest,
    response: SaveUserResult,
    auth: ADMIN_ONLY,
    errors: [404, 409],
    extension: USER_ADMIN,
    note: `A new role or other branches end the user’s open sessions. ${LAST_ADMIN}`,
  }),
  disable: endpoint({
    group,
    name: 'Users.disable',
    method: 'POST',
    path: '/api/Users/disable',
    summary: 'Switches a user off: they cannot sign in, and their open sessions stop at their next request.',
    body: UserIdRequest,
    response: MessageBody,
    auth: ADMIN_ONLY,
    errors: [404, 409],
    extension: USER_ADMIN,
    note: `An admin cannot disable themselves. ${LAST_ADMIN}`,
  }),
  enable: endpoint({
    group,
    name: 'Users.enable',
    method: 'POST',
    path: '/api/Users/enable',
    summary: 'Switches a disabled user on again; they sign in anew (their old sessions stay ended).',
    body: UserIdRequest,
    response: MessageBody,
    auth: ADMIN_ONLY,
    errors: [404],
    extension: USER_ADMIN,
  }),
  resetPassword: endpoint({
    group,
    name: 'Users.resetPassword',
    method: 'POST',
    path: '/api/Users/reset-password',
    summary: 'Gives a user a temporary password: their sessions end and they must choose their own at the next sign-in.',
    body: ResetPasswordRequest,
    response: MessageBody,
    auth: ADMIN_ONLY,
    errors: [404],
    extension: USER_ADMIN,
  }),
  changePassword: endpoint({
    group,
    name: 'Users.changePassword',
    method: 'POST',
    path: '/api/Users/change-password',
    summary: 'The signed-in user changes their own password, giving the current one; answers a new token for this session.',
    body: ChangePasswordRequest,
    response: ChangePasswordResult,
    auth: ANY_ROLE,
    errors: [429],
    extension:
      'Issue 14: every user changes their own password, and must at the first sign-in of a real store or after an admin’s reset; the spec has none.',
    note: 'A wrong current password is a 403 WRONG_PASSWORD (the session stays) and counts toward the sign-in lockout (429). The user’s other sessions end.',
  }),
};
