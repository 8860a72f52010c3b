import type { Migration } from './index.js';

/**
 * The blog's newsletter (issue 40, decision 0056): the addresses that asked for new articles by
 * email, kept lowercased so one person is one row, for staff to export. Nothing else is stored
 * about them; the address itself is the key.
 */
export const newsletter: Migration = {
  version: 17,
  name: 'newsletter',
  sql: `
    CREATE TABLE newsletter_subscribers (
      email text PRIMARY KEY CHECK (email = lower(email)),
      subscribed_at timestamptz NOT NULL DEFAULT now()
    );
  `,
};
