/**
 * The issuing branch at the top of every document: logo (from <dataDir>/logos/<branchId>/,
 * skipped when there is none or it is not a PNG or JPEG), company name, address, state with its
 * GST code, GSTIN, phone and e-mail.
 */
import { readLogo } from '../catalog/logo-file.js';
import type { RequestContext } from '../context.js';
import type { IssuerRow } from '../store/print-source.js';
import type { Block } from './layout.js';

export function letterhead(ctx: RequestContext, issuer: IssuerRow): Block {
  const logo = issuer.logo ? readLogo(ctx.dataDir, issuer.branch_id, issuer.logo) : null;
  const place = [issuer.address, issuer.city].filter(Boolean).join(', ');
  const contact = [issuer.mobile ? `Phone ${issuer.mobile}` : null, issuer.email].filter(Boolean).join(' · ');
  return {
    kind: 'letterhead',
    logo,
    name: issuer.company_name,
    lines: [
      issuer.branch_name,
      place,
      `${issuer.state_name} (State code ${issuer.state_code})`,
      issuer.gstin ? `GSTIN ${issuer.gstin}` : '',
      contact,
    ].filter(Boolean),
  };
}

/** "Maharashtra (27)" — how GST documents name a state. */
export const stateWithCode = (name: string, code: string): string => `${name} (${code})`;

/** The issuing branch as a party of a GST document: the company, the branch's address, its state and GSTIN. */
export function issuerLines(issuer: IssuerRow): string[] {
  return [
    issuer.company_name,
    ...[issuer.branch_name, issuer.address, issuer.city].filter((l): l is string => Boolean(l)),
    `State: ${stateWithCode(issuer.state_name, issuer.state_code)}`,
    `GSTIN: ${issuer.gstin ?? 'not registered'}`,
  ];
}
