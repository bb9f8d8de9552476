import { endpoint } from '../contract/endpoint.js';
import { LoginRequest, LoginResponse } from '../models/auth.js';

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
};
