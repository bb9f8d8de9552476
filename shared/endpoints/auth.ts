import { endpoint } from '../contract/endpoint.js';
import { ANY_ROLE } from '../contract/roles.js';
import { LoginRequest, LoginResponse, SwitchBranchRequest } from '../models/auth.js';

export const Auth = {
  login: endpoint({
    group: 'Auth',
    name: 'Auth.login',
    method: 'POST',
    path: '/api/Auth/login',
    summary: 'Sign in with user name and password; answers a JWT valid for 8 hours and the session details.',
    body: LoginRequest,
    response: LoginResponse,
    auth: 'public',
    errors: [429],
    note: 'A failed login is 401 {message}; after 5 failures in a row the user name is locked for a growing time (429).',
  }),
  switchBranch: endpoint({
    group: 'Auth',
    name: 'Auth.switchBranch',
    method: 'POST',
    path: '/api/Auth/switch-branch',
    summary: 'Work in another of the user’s branches for the rest of the session: answers a new token and the session details, as login does.',
    body: SwitchBranchRequest,
    response: LoginResponse,
    auth: ANY_ROLE,
    extension:
      'Issue 14: an admin lets a user work in several branches; the login request may name one, and a user who moves to another during the day switches without signing in again. The spec has one branch per user.',
    note: 'A branch the user may not work in is a 400 naming branchID (NOT_YOUR_BRANCH). The switch is journaled.',
  }),
};
