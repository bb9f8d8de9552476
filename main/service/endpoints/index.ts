/** Every endpoint the embedded service has built, one folder per endpoint group. */
import type { Handler } from '../http/handler.js';
import { getProfile } from './account/get-profile.js';
import { userDetails } from './account/user-details.js';
import { login } from './auth/login.js';
import { getCountries } from './common/get-countries.js';
import { getStates } from './common/get-states.js';
import { getYears } from './common/get-years.js';

export const handlers = [login, userDetails, getProfile, getYears, getCountries, getStates] as readonly Handler[];
