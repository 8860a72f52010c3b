import type { Migration } from './index.js';

/**
 * One table of failed sign-ins for every sign-in door, so the admin panel and user accounts share
 * one throttle. `account_key` names the account tried (a hash, so an email field holding a pasted
 * password is never kept); it is null where a door limits by address alone, as the admin panel does.
 */
export const signInFailures: Migration = {
  version: 9,
  name: 'sign-in failures',
  sql: `
    CREATE TABLE sign_in_failures (
      id bigserial PRIMARY KEY,
      door text NOT NULL CHECK (door IN ('admin', 'user')),
      client_ip text NOT NULL,
      account_key text,
      failed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sign_in_failures_address_idx ON sign_in_failures (door, client_ip, failed_at);
    CREATE INDEX sign_in_failures_failed_at_idx ON sign_in_failures (failed_at);
    INSERT INTO sign_in_failures (door, client_ip, failed_at)
      SELECT 'admin', client_ip, failed_at FROM admin_sign_in_failures;
    DROP TABLE admin_sign_in_failures;
  `,
};
