/**
 * The demo store a fresh install opens with, so that `npm start` shows a working counter at
 * once. It lives in its own file (demo.sqlite), never in a real store's file, and its
 * well-known passwords exist only there.
 */
import { gstinCheckChar } from '../../../shared/domain/gstin.js';
import type { StoreSpec } from './create-store.js';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_USERS = ['admin', 'manager', 'cashier', 'optometrist'] as const;

const gstin = (first14: string) => first14 + gstinCheckChar(first14);

export const demoStore: StoreSpec = {
  company: {
    name: 'Drishti Opticals (Demo)',
    gstin: gstin('24AAHCD4821K1Z'),
    state: 'Gujarat',
    city: 'Ahmedabad',
    address: '12 Ashram Road, Navrangpura, Ahmedabad 380009',
    email: 'accounts@drishti-demo.in',
    mobile: '079-26400000',
    maskCustomerMobile: true,
  },
  branches: [
    {
      code: 'AMD1',
      name: 'Navrangpura',
      city: 'Ahmedabad',
      address: '12 Ashram Road, Navrangpura, Ahmedabad 380009',
      mobile: '079-26400001',
      email: 'navrangpura@drishti-demo.in',
    },
    {
      code: 'SRT1',
      name: 'Adajan',
      city: 'Surat',
      address: '4 Honey Park Road, Adajan, Surat 395009',
      mobile: '0261-2780002',
      email: 'adajan@drishti-demo.in',
    },
  ],
  users: [
    { userName: 'admin', fullName: 'Asha Mehta', role: 'admin', password: DEMO_PASSWORD, branchCode: 'AMD1' },
    { userName: 'manager', fullName: 'Rohan Shah', role: 'manager', password: DEMO_PASSWORD, branchCode: 'AMD1' },
    { userName: 'cashier', fullName: 'Priya Patel', role: 'cashier', password: DEMO_PASSWORD, branchCode: 'AMD1' },
    {
      userName: 'optometrist',
      fullName: 'Dr. Kiran Desai',
      role: 'optometrist',
      password: DEMO_PASSWORD,
      branchCode: 'AMD1',
    },
  ],
  activeModules: [1, 2],
};
