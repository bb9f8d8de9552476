/**
 * Fields the contract adds to the spec's models, declared here and nowhere else. The contract
 * tests hold every model to `spec fields ∪ EXTENSIONS[model]`, so a field added to a schema
 * without an entry here fails them. Request extensions are optional: clients written against
 * the spec alone never send them and stay valid. docs/decisions.md, "Contract extensions".
 */
import type { z } from 'zod';

/** Model (as test/fixtures/spec-fields.json names it) → added field → why, in one line. */
export const EXTENSIONS = {
  OMLoginRequest: {
    branchID:
      'The branch to work in today (ENC id), for a user an admin let work in several (issue 14); left out, the user’s usual branch. One the user may not work in is a 400.',
  },
  LoginResponse: {
    branches:
      'The branches the user may work in (ENC id and name), the usual one first, so the app can offer to switch (Auth/switch-branch) without signing in again.',
    mustChangePassword:
      'True when the user must choose a new password before anything else (a real store’s first sign-in, a new user, a password an admin reset); every endpoint but Users/change-password answers 403 PASSWORD_CHANGE_REQUIRED until then.',
  },
  OMAppCustomerData: {
    eyeCheckupRecallDate:
      'The recall date for the next eye checkup, which issue 3 lets the optometrist set; named as the prescription-list output names it. Absent: a year after the visit, six months under 16.',
  },
  OMSearchCustomer: {
    searchTerm:
      'What the counter typed in one box, found anywhere in the name, mobile or phone (issue 16): customers whose name or mobile starts with it first, in the list’s order, then those containing it, newest first. The spec’s per-field filters still apply beside it.',
  },
  OMPrescriptionRequestModel: {
    k1: 'Keratometry, flat meridian (D), for contact-lens rows: the outputs answer k1_Left/Right but the spec gives the entry no field to record it.',
    k2: 'Keratometry, steep meridian (D), for contact-lens rows: the outputs answer k2_Left/Right but the spec gives the entry no field to record it.',
    prism: 'Prism in prism dioptres (0–10 Δ in 0.25 steps) on a spectacle row (issue 16); the spec has no prism field. Zero or blank means none.',
    base: 'Where the prism’s base points: In, Out, Up or Down (BI/BO/BU/BD accepted); required with a prism (issue 16).',
  },
  PrescriptionListItem: {
    prism_Left: 'The left eye’s prism (Δ, "1.50") on this item’s rows, null without one: the entry’s prism extension (issue 16).',
    prism_Right: 'The right eye’s prism (Δ), as prism_Left.',
    base_Left: 'The left eye’s prism base (In, Out, Up, Down), null without a prism.',
    base_Right: 'The right eye’s prism base, as base_Left.',
    versionNo:
      'Which version of the examination this is (1 the first; an amendment adds one, issue 16). The list shows the current versions only; prescription-versions answers the whole line.',
  },
  CancelSalesOrderRequest: {
    cancellationReasonID:
      'Why the order was cancelled, one of cancellation-reasons (its integer id); the spec offers the list but gives cancel no field to say which.',
    cancellReason: 'Free-text remark on the cancellation, spelled as salesorderModel spells it.',
  },
  SalesOrderDetail: {
    lines: "Every line of the order; the spec's flat print data set describes only one.",
    collectBranchID: 'The branch where the customer collects the order (ENC id): the booking branch unless another was chosen (any branch serves any customer).',
    collectBranchName: 'That branch’s name, so the order page needs no second call.',
    deliveredBranchName: 'The branch that handed the goods over, null until delivered; kept even when a cancellation made elsewhere won the status.',
    toSettle: 'What two branches acting apart left for a person to settle on this order (overpaid, paid after a cancel, handed over and cancelled); empty when nothing.',
    insuranceCompanyID: "The insurer paying part of the order (ENC id), null without one; the spec's detail has no insurance fields.",
    insuranceCompanyName: "That insurer's name, so the order page and print need no second call; null without an insurer.",
    policyNo: "The policy number SaveSale took in salesorderModel.policyNo; null when none was given.",
    insuranceAmount:
      "The insurer's share in rupees (0 without insurance or once cancelled): a receivable from the insurer, not part of the customer's balance; named as CalculateTempGrossInsurance names it.",
    patientAmount: "What the customer pays of the order: netAmount − insuranceAmount; named as CalculateTempGrossInsurance names it.",
  },
  SalesOrderSearchRequest: {
    after:
      "Keyset paging on the default newest-first order: the nextPage the previous page answered; the rows after it come without reading the pages before, however deep (pageNumber is then ignored).",
  },
  SalesOrderListItem: {
    insuranceAmount: "The insurer's share in rupees (0 without insurance), so a list can show why the balance is less than net − received.",
    balanceAmount:
      "What the customer still owes: netAmount − insuranceAmount − totalReceipt, the balance advance-receipt-data and with-balance answer.",
  },
  SalesOrderTempModelRequest: {
    priceApprovalID:
      "A manager's approval (price-approval) of this line's price or discount when it goes beyond the user's own limit; the spec names the policy (allowUserToChangePrice, maxUserDiscountPercentage) but has no way to approve past it.",
  },
  OMFastWizardModel: {
    payments:
      'One sale paid by several kinds at once (issue 16: cash + card, cash + UPI + credit note), each its own receipt in the same SaveSale transaction; the spec’s receiptModel carries one payment. Given, receiptModel must carry no amount.',
    cashTendered:
      'The cash the customer handed over (rupees), at least the cash paid: the change (tendered − cash) is answered and printed on the receipt (issue 16).',
    collectBranchID:
      'The branch where the customer will collect the order (ENC id), when it is not the booking branch: any branch serves any customer, and the spec books an order for its own branch only. Absent: collected where booked.',
  },
  receiptModel: {
    approvalCode: 'A card payment’s approval code from the card machine (issue 16); the card itself is kept as its last four digits only (cardNo), never the full number.',
  },
  UpdateSalesOrderRequestModel: {
    priceApprovalID: "A manager's approval (price-approval) of the line's new price or discount, as for saveSalesOrderTemp.",
  },
} as const satisfies Record<string, Record<string, string>>;

export type ExtendedModel = keyof typeof EXTENSIONS;

/** An extension field's schema, carrying its reason into the OpenAPI document. */
export function extension<M extends ExtendedModel, T extends z.ZodType>(model: M, field: keyof (typeof EXTENSIONS)[M] & string, schema: T): T {
  const why = (EXTENSIONS[model] as Record<string, string>)[field]!;
  return schema.describe(`Extension to the spec: ${why}`);
}

/** The added field names of a model (none for a model the spec describes completely). */
export const extensionFields = (model: string): string[] =>
  Object.keys((EXTENSIONS as Record<string, Record<string, string>>)[model] ?? {});
