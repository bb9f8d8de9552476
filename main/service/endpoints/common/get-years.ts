import { api } from '../../../../shared/endpoints/index.js';
import { localDate } from '../../../../shared/domain/calendar.js';
import { implement } from '../../http/handler.js';
import { financialYears } from '../../store/financial-year.js';

export const getYears = implement(api.Common.years, (_input, ctx) => {
  const today = localDate(ctx.now());
  return financialYears(ctx.db)
    .ofCompany(ctx.user.companyId)
    .map((y) => ({
      yearID: ctx.enc.encode('year', y.id),
      yearName: y.name,
      fromDate: y.start_date,
      toDate: y.end_date,
      isCurrent: y.start_date <= today && today <= y.end_date,
    }));
});
