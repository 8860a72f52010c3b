// The accounts domain's public surface: what other domains may use. Accounts owns the balance,
// the credit ledger and its holds; other domains move credits only through these operations,
// the `...In` ones inside a transaction the caller's service opened.

export { captureHoldIn, holdCreditsIn, releaseHoldIn, settleHoldIn } from './credits-repository.js';
export { applyMovement } from './ledger-repository.js';
export {
  addBalance,
  creditCost,
  DEFAULT_CREDITS,
  deductBalance,
  refuseIfSuspended,
  reinstateUser,
  type Suspension,
  suspendUser,
  userLedger,
} from './service.js';
// The public API's usage routes read the credits a key may still spend.
export { getUserDocument } from './service.js';
