/**
 * The first run (no store on this PC yet) and leaving the demo for a real store: what the screen
 * asks and what the service answers. The request fields are plain text on purpose: every rule
 * (GSTIN check character and state code, branch code, password, till code) is checked once, by
 * the same function `npm run setup` uses (main/service/setup/create-store.ts), so the screen and
 * the command line cannot disagree. The screen checks the GSTIN as it is typed with the same
 * shared function (domain/gstin.ts), as a help only.
 */
import { z } from 'zod';

/** What the PC holds: no store yet (the first-run screen), the demo, or a real store. */
export const STORE_STATES = ['first-run', 'demo', 'store'] as const;
export type StoreState = (typeof STORE_STATES)[number];

/** The one financial year the store keeps: the Indian one, 1 April to 31 March (domain/financial-year.ts). */
export const FINANCIAL_YEAR_START = 'April' as const;

export const SetupStatus = z.object({
  state: z.enum(STORE_STATES),
  /** Whether "Try the demo store" is offered on the first-run screen (not with POS_DEMO=0). */
  demoOffered: z.boolean(),
  /** The month the financial year starts; the store supports April only. */
  financialYearStart: z.literal(FINANCIAL_YEAR_START),
  /** The states a company or branch may be in, with their GST state codes (a GSTIN starts with it). */
  states: z.array(z.object({ name: z.string(), gstStateCode: z.string() })),
});
export type SetupStatus = z.infer<typeof SetupStatus>;

const text = z.string().max(200, 'At most 200 characters').default('');
const optionalText = z.string().max(200, 'At most 200 characters').nullish();

export const StoreSetupRequest = z.object({
  companyName: text,
  /** The company's GSTIN: its check character and its state code (the first two digits) are checked. */
  gstin: text,
  /** The company's state, by name or GST state code. */
  state: text,
  branchCode: text,
  branchName: text,
  branchCity: optionalText,
  /** The first branch's own GSTIN when it is not the company's (a branch in another state); blank: the company's. */
  branchGstin: optionalText,
  /** The first branch's state when not the company's (its GSTIN's state code must be this state's). */
  branchState: optionalText,
  adminUserName: text,
  adminPassword: z.string().max(200, 'At most 200 characters').default(''),
  /** 1–3 letters or digits in every number this PC issues; blank: 1. */
  tillCode: optionalText,
});
export type StoreSetupRequest = z.input<typeof StoreSetupRequest>;

export const JoinHubRequest = z.object({
  /** The hub's address as head office gave it, e.g. https://hub.example:8790. */
  hubUrl: text,
  /** The join code from head office (`npm run hub -- join-code`). */
  joinCode: text,
});
export type JoinHubRequest = z.input<typeof JoinHubRequest>;

export const TryDemoRequest = z.object({}).default({});

/** What was done; the service then opens that store on the same address (the app waits and signs in). */
export const SetupDone = z.object({
  state: z.enum(['demo', 'store']),
  message: z.string(),
  /** The administrator to sign in as (a new store), or null (the demo, a joined store: its users). */
  userName: z.string().nullable(),
});
export type SetupDone = z.infer<typeof SetupDone>;
