/**
 * The guides, one per reader, as the app's Help and `npm run docs` list them. Each is
 * `docs/<name>.md` in the repository (and in the installed app); its pictures are
 * `docs/images/*.png`, taken by the e2e suite from the real screens.
 */
import type { Role } from './contract/roles.js';

export const HELP_PREFIX = '/help';

export const GUIDES = [
  { name: 'counter', title: 'At the counter', reader: 'Cashiers: selling, payments, the till, printing' },
  { name: 'optometrist', title: 'The optometrist', reader: 'Optometrists: prescriptions, recalls, prescription cards' },
  { name: 'store-manager', title: 'Running the store', reader: 'Store managers: first start, till days, users, approvals, backups, goods, reports' },
  { name: 'head-office', title: 'Head office and IT', reader: 'Head office and IT: the hub, TLS, joining and re-keying a PC, restore, upgrades, settings' },
  { name: 'developers', title: 'Developers', reader: 'Developers: layout, tests, benchmark, API, decisions' },
] as const;

export type GuideName = (typeof GUIDES)[number]['name'];

export function isGuideName(name: string): name is GuideName {
  return GUIDES.some((g) => g.name === name);
}

/** The guide a signed-in user is most likely to want first. */
export function guideForRole(role: Role | null): GuideName {
  switch (role) {
    case 'optometrist':
      return 'optometrist';
    case 'admin':
    case 'manager':
      return 'store-manager';
    default:
      return 'counter';
  }
}
