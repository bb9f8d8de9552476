import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { chainDashboard } from '../../reports/chain-dashboard.js';

const sum = <T>(xs: readonly T[], f: (x: T) => number) => xs.reduce((n, x) => n + f(x), 0);

/** Chain/dashboard: reports/chain-dashboard.ts gathers the figures (paise), in rupees here. */
export const chainDashboardOf = implement(api.Chain.dashboard, (_input, ctx) => {
  const f = chainDashboard(ctx);
  return {
    date: f.day,
    asOf: f.now,
    syncing: f.syncing,
    lastSuccessAt: f.lastSuccessAt,
    branches: f.branches.map((b) => ({
      branchID: ctx.enc.encode('branch', b.id),
      branchCode: b.code,
      branchName: b.name,
      city: b.city,
      orders: b.orders,
      sales: rupees(b.sales),
      receipts: b.receipts,
      receiptAmount: rupees(b.received),
      tillsOpen: b.tillsOpen,
      lastSyncAt: b.lastSyncAt,
      notSynced: b.notSynced,
    })),
    totals: {
      orders: sum(f.branches, (b) => b.orders),
      sales: rupees(sum(f.branches, (b) => b.sales)),
      receipts: sum(f.branches, (b) => b.receipts),
      receiptAmount: rupees(sum(f.branches, (b) => b.received)),
      tillsOpen: sum(f.branches, (b) => b.tillsOpen),
      notSynced: f.branches.filter((b) => b.notSynced).length,
    },
  };
}, { offThread: true });
