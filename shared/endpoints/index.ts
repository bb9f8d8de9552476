/**
 * The endpoint table: every endpoint of the Optical Retail Service API v1, one row each,
 * grouped as the spec groups them. Add an endpoint by adding a row to its group's file.
 */
import type { EndpointDef } from '../contract/endpoint.js';
import { Account } from './account.js';
import { Audit } from './audit.js';
import { Auth } from './auth.js';
import { Backup } from './backup.js';
import { Catalogue } from './catalogue.js';
import { Chain } from './chain.js';
import { Common } from './common.js';
import { Customer } from './customer.js';
import { CustomerMerge } from './customer-merge.js';
import { Dashboard } from './dashboard.js';
import { GSTReturns } from './gst-returns.js';
import { Invoice } from './invoice.js';
import { Labels } from './labels.js';
import { Orders } from './orders.js';
import { Purchasing } from './purchasing.js';
import { QuickSale } from './quick-sale.js';
import { Receipts } from './receipts.js';
import { Reports } from './reports.js';
import { Returns } from './returns.js';
import { Setup } from './setup.js';
import { Stock } from './stock.js';
import { StockTake } from './stock-take.js';
import { Sync } from './sync.js';
import { Till } from './till.js';
import { Transfers } from './transfers.js';
import { Users } from './users.js';

export const api = {
  Auth,
  Account,
  Customer,
  Orders,
  QuickSale,
  Invoice,
  Receipts,
  Dashboard,
  Common,
  Audit,
  Users,
  Backup,
  Sync,
  Till,
  Setup,
  Stock,
  StockTake,
  Transfers,
  Catalogue,
  Returns,
  Purchasing,
  Labels,
  GSTReturns,
  CustomerMerge,
  Chain,
  Reports,
} as const;

/** Every row: the spec's endpoints and our declared extensions (routes, client, OpenAPI). */
export const endpointList: readonly EndpointDef[] = Object.values(api).flatMap(
  (group) => Object.values(group) as EndpointDef[],
);

/** The rows of the spec itself, exactly endpoints.tsv. */
export const specEndpointList: readonly EndpointDef[] = endpointList.filter((e) => e.extension === undefined);

/** Endpoints the spec does not have, each with its reason (EndpointDef.extension). */
export const extensionList: readonly EndpointDef[] = endpointList.filter((e) => e.extension !== undefined);
