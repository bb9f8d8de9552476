/** Every endpoint the embedded service has built, one folder per endpoint group. */
import type { Handler } from '../http/handler.js';
import { getProfile } from './account/get-profile.js';
import { userDetails } from './account/user-details.js';
import { login } from './auth/login.js';

export const handlers: readonly Handler[] = [login, userDetails, getProfile] as readonly Handler[];
