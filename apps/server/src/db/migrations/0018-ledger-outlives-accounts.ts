import type { Migration } from './index.js';

/**
 * A deleted account's ledger rows stay, so the books still add up (decision 0052). They lose their
 * user and carry a pseudonym instead; while a user exists, their rows keep them from being deleted
 * by anything but the account deletion that anonymises those rows first.
 */
export const ledgerOutlivesAccounts: Migration = {
  version: 18,
  name: 'ledger-outlives-accounts',
  sql: `
    ALTER TABLE ledger_entries DROP CONSTRAINT ledger_entries_user_id_fkey;
    ALTER TABLE ledger_entries ALTER COLUMN user_id DROP NOT NULL;
    ALTER TABLE ledger_entries ADD COLUMN former_account text;
    ALTER TABLE ledger_entries
      ADD CONSTRAINT ledger_entries_user_id_fkey FOREIGN KEY (user_id) REFERENCES "user" ("id") ON DELETE RESTRICT;
    ALTER TABLE ledger_entries
      ADD CONSTRAINT ledger_entries_owner_check CHECK ((user_id IS NULL) <> (former_account IS NULL));
    CREATE INDEX ledger_entries_former_account_idx ON ledger_entries (former_account) WHERE former_account IS NOT NULL;
  `,
};
