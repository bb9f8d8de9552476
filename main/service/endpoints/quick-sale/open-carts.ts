import { api } from '../../../../shared/endpoints/index.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { carts } from '../../store/cart.js';

/** The branch's open carts (lines, not yet sold), for a manager deciding which to take over. */
export const openCarts = implement(api.QuickSale.openCarts, (_req, ctx) =>
  carts(ctx.db)
    .openOfBranch(ctx.user.companyId, ctx.user.branchId, ctx.now())
    .map((c) => ({
      sessionID: c.session_id,
      userName: c.user_name,
      customerID: c.customer_id === null ? null : ctx.enc.encode('customer', c.customer_id),
      lines: c.lines,
      grossAmount: rupees(c.gross),
      touchedAt: c.touched_at,
    })),
);
