import { api } from '../../../../shared/endpoints/index.js';
import { billTotals } from '../../../../shared/domain/gst.js';
import { rupees } from '../../../../shared/domain/money.js';
import { implement } from '../../http/handler.js';
import { findCart, pricedCart } from '../../sale/cart-view.js';
import { paiseField } from '../../input/money.js';
import { splitBill } from '../../sale/insurance.js';

/**
 * Splits the cart's gross total between the insurer and the patient by the rule SaveSale books
 * (sale/insurance.ts): the claim is capped by the gross total (an insurer never pays more than the
 * bill), and the patient's share never goes below zero. The request carries only the insurance
 * claim (no cover, no NIS, no voucher), so NIS and voucher are 0 here.
 */
export const calculateTempGrossInsurance = implement(api.QuickSale.calculateTempGrossInsurance, ({ body }, ctx) => {
  const cart = findCart(ctx, body.sessionID, 'sessionID');
  const lines = pricedCart(ctx, cart.session_id);
  const gross = billTotals(lines.map((l) => l.gst)).netAmount;
  const claimed = paiseField(body.totalInsuranceAmount, 'totalInsuranceAmount') ?? 0;
  const split = splitBill(gross, claimed);
  return {
    grossTotal: rupees(gross),
    insuranceAmount: rupees(split.insurance),
    nisAmount: 0,
    voucherAmount: 0,
    patientAmount: rupees(split.patient),
  };
});
