import { endpoint } from '../contract/endpoint.js';
import { MANAGERS } from '../contract/roles.js';
import { AuditSearchRequest, AuditSearchResponse } from '../models/audit.js';

const group = 'Audit';

export const Audit = {
  search: endpoint({
    group,
    name: 'Audit.search',
    method: 'POST',
    path: '/api/Audit/search',
    summary: 'The change journal, newest first: who changed what, when, from which till; sign-ins and other events.',
    body: AuditSearchRequest,
    response: AuditSearchResponse,
    auth: MANAGERS,
    extension:
      'Issue 14: every change to business data must be traceable to who, when and what; a manager’s Audit screen filters the journal by user, day, record and kind. The spec has no journal.',
    note: 'A manager sees the entries made in the signed-in branch; an admin every branch. fromDate/toDate are days on the store’s calendar, both included.',
  }),
};
