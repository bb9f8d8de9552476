/** Account (spec: Account endpoints). */
import { z } from 'zod';
import { qStr } from '../contract/primitives.js';

export const UserDetailsQuery = z.object({
  /** The spec leaves its meaning open: we read it as "the working date", see docs/decisions.md. */
  date: qStr(),
});

export const UserDetails = z.object({
  userID: z.string(),
  userName: z.string(),
  userEmail: z.string().nullable(),
  userRole: z.string(),
  companyID: z.string(),
  branchID: z.string(),
});

export const ProfileBranch = z.object({
  branchID: z.string(),
  branchName: z.string(),
  branchCity: z.string().nullable(),
  branchMobile: z.string().nullable(),
  branchEmail: z.string().nullable(),
});

export const Profile = z.object({
  profile: z.object({
    companyID: z.string(),
    companyName: z.string(),
    companyEmail: z.string().nullable(),
    companyMobile: z.string().nullable(),
    taxNO: z.string().nullable(),
    address: z.string().nullable(),
    city: z.string().nullable(),
    stateID: z.string().nullable(),
    countryID: z.string().nullable(),
    logo: z.string().nullable(),
    branches: z.array(ProfileBranch),
  }),
});
