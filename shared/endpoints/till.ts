/**
 * Till sessions and end of day (issue 16): declared extensions, as the spec has no till session.
 * The till is the x-till-id header (shared/contract/till.ts).
 */
import { endpoint } from '../contract/endpoint.js';
import { MANAGERS, SALES_ROLES } from '../contract/roles.js';
import { PrintDocument } from '../models/print.js';
import { CashMoveRequest, CloseTillRequest, OpenTillRequest, TillPrintQuery, TillReport, TillSessionParams, TillState } from '../models/till.js';
import { z } from 'zod';

const group = 'Till';

const TILL_SESSIONS =
  'Issue 16, a day at a real till: the spec has no till session; a till is opened with a float, takes cash in and out, and is closed against the counted cash with a kept Z report, and a sale needs an open till.';

export const Till = {
  state: endpoint({
    group,
    name: 'Till.state',
    method: 'GET',
    path: '/api/till/state',
    summary: 'This till’s state: its open session (float, expected cash, sales so far), else its last closed one, else none.',
    response: TillState,
    auth: SALES_ROLES,
    extension: TILL_SESSIONS,
  }),
  open: endpoint({
    group,
    name: 'Till.open',
    method: 'POST',
    path: '/api/till/open',
    summary: 'Opens this till for the day with an opening float (rupees).',
    body: OpenTillRequest,
    response: TillState,
    auth: SALES_ROLES,
    errors: [409],
    extension: TILL_SESSIONS,
    note: 'A till that is open already is a 409 TILL_ALREADY_OPEN; a closed day is never reopened, a new session is opened instead.',
  }),
  cashMove: endpoint({
    group,
    name: 'Till.cashMove',
    method: 'POST',
    path: '/api/till/cash-move',
    summary: 'Cash put into or taken out of the open till, with a reason (petty cash, bank deposit …).',
    body: CashMoveRequest,
    response: TillState,
    auth: SALES_ROLES,
    errors: [409],
    extension: TILL_SESSIONS,
    note: 'No open session is a 409 TILL_NOT_OPEN; more out than the till should hold is a 400 naming amount.',
  }),
  xReport: endpoint({
    group,
    name: 'Till.xReport',
    method: 'GET',
    path: '/api/till/x-report',
    summary: 'The X report of this till’s open session: the day so far, without closing.',
    response: TillReport,
    auth: SALES_ROLES,
    errors: [409],
    extension: TILL_SESSIONS,
  }),
  close: endpoint({
    group,
    name: 'Till.close',
    method: 'POST',
    path: '/api/till/close',
    summary: 'Closes this till with the cash counted by denomination; answers the Z report, which is kept.',
    body: CloseTillRequest,
    response: TillReport,
    auth: SALES_ROLES,
    errors: [409],
    extension: TILL_SESSIONS,
  }),
  tills: endpoint({
    group,
    name: 'Till.tills',
    method: 'GET',
    path: '/api/till/tills',
    summary: 'Every till of the branch with its open session, else its last closed one (the manager’s view).',
    response: z.array(TillState),
    auth: MANAGERS,
    extension: TILL_SESSIONS,
  }),
  report: endpoint({
    group,
    name: 'Till.report',
    method: 'GET',
    path: '/api/till/report/{sessionId}',
    summary: 'A session’s report: the Z report kept at close, or an X report of a session still open.',
    params: TillSessionParams,
    response: TillReport,
    auth: SALES_ROLES,
    errors: [404],
    extension: TILL_SESSIONS,
  }),
  reportPrint: endpoint({
    group,
    name: 'Till.reportPrint',
    method: 'GET',
    path: '/api/till/report/{sessionId}/print',
    summary: 'A session’s report printed on the receipt roll: PDF (default), HTML, or ESC/POS bytes.',
    params: TillSessionParams,
    query: TillPrintQuery,
    response: PrintDocument,
    responseKind: { kind: 'document', contentTypes: ['application/pdf', 'text/html', 'application/octet-stream'] },
    auth: SALES_ROLES,
    errors: [404],
    extension: TILL_SESSIONS,
  }),
};
