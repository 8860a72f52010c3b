import type { Migration } from './index.js';

/**
 * Staff self-service (issue 40, decision 0053). A top-up records the payment it follows (the
 * chat-app transfer's reference) on its ledger row, apart from `reference`, which links a row to
 * the hold or purchase that caused it. A suspended account keeps its data but cannot sign in or
 * use its API keys; who suspended it and when is kept beside the flag.
 */
export const staffSelfService: Migration = {
  version: 16,
  name: 'staff-self-service',
  sql: `
    ALTER TABLE ledger_entries ADD COLUMN payment_reference text;
    ALTER TABLE user_accounts ADD COLUMN suspended_at timestamptz;
    ALTER TABLE user_accounts ADD COLUMN suspended_by text;
  `,
};
