import { endpoint } from '../contract/endpoint.js';
import { ANY_ROLE } from '../contract/roles.js';
import { Profile, UserDetails, UserDetailsQuery } from '../models/account.js';

export const Account = {
  userDetails: endpoint({
    group: 'Account',
    name: 'Account.userDetails',
    method: 'GET',
    path: '/api/Account/user-details',
    summary: 'The signed-in user, with company and branch.',
    query: UserDetailsQuery,
    response: UserDetails,
    auth: ANY_ROLE,
  }),
  getProfile: endpoint({
    group: 'Account',
    name: 'Account.getProfile',
    method: 'POST',
    path: '/api/Account/get-profile',
    summary: "The company profile with the company's branches.",
    response: Profile,
    auth: ANY_ROLE,
  }),
};
