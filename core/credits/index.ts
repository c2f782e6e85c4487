/**
 * The credit ledger: accounts, grants, holds settled on success, balances and their announcements.
 * Its front door: what the server, the worker, scripts and other features may use; the other files of this
 * folder are private to it (tests may reach inside). Add a name here when another part needs it.
 */
export { type AdmissionOutcome, type AdmissionRow, type AdmissionRun, insertAdmission } from './admission-statement.ts';
export { publishCreditsRemaining, publishRunSettlement, type RunSettlement } from './balance-announcements.ts';
export { checkCreditGrant, CREDIT_GRANT_LIMITS, CreditGrantRefused } from './credit-grant-input.ts';
export { grantCreditsByEmail, grantDemoCredits, type OperatorGrantResult } from './credit-grants.ts';
export { creditHistoryOf } from './credit-history.ts';
export {
  anonymiseCreditAccount,
  creditOnce,
  creditsHeldInTotal,
  ensureCreditAccount,
  grantOnce,
  lockCreditAccount,
  lockOwnedCreditAccount,
  releaseHold,
  reverseCredits,
  runsWithExpiredHolds,
  spendable,
  spendableCreditsOfAccount,
  spendableCreditsOfUser,
} from './credit-ledger.ts';
export { CAPTURE_HOLD_CTES, HELD_AMOUNT_OF_RUN, RELEASE_HOLD_CTES } from './hold-settlement-sql.ts';
export { pricingTable, REGISTERED_GRANT, runCredits, type Tier } from './pricing.ts';
export {
  addressWasGranted,
  grantWentElsewhere,
  openCreditAccount,
  registeredGrantReference,
  type Requester,
  requesterFor,
  spendableCreditsOf,
} from './requester.ts';
export { tierRefusal } from './tier-rules.ts';
