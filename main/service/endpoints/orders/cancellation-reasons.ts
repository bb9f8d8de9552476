import { api } from '../../../../shared/endpoints/index.js';
import { implement } from '../../http/handler.js';
import { cancellationReasons } from '../../store/cancellation-reason.js';

export const getCancellationReasons = implement(api.Orders.cancellationReasons, (_input, ctx) => {
  const reasons = cancellationReasons(ctx.db);
  reasons.ensureSeeded();
  return reasons.all().map((r) => ({ id: r.id, cancellationReason: r.name, isActive: true }));
});
