import type { Migration } from './index.js';

/** Credit holds, credit-pack purchases, and the staff accounts that manage balances. */
export const money: Migration = {
  version: 3,
  name: 'money',
  sql: `
    CREATE TABLE credit_holds (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
      amount bigint NOT NULL CHECK (amount > 0),
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'captured', 'released')),
      reference text,
      created_at timestamptz NOT NULL DEFAULT now(),
      settled_at timestamptz
    );
    CREATE INDEX credit_holds_open_idx ON credit_holds (user_id) WHERE status = 'open';

    CREATE TABLE purchases (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
      idempotency_key text NOT NULL,
      pack_id text NOT NULL,
      credits bigint NOT NULL CHECK (credits > 0),
      price numeric(14, 2) NOT NULL CHECK (price > 0),
      currency text NOT NULL,
      balance_after numeric(14, 2),
      credits_after bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (user_id, idempotency_key)
    );

    CREATE TABLE admins (
      id text PRIMARY KEY,
      username text NOT NULL UNIQUE,
      name text,
      email text,
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE admin_sessions (
      token_hash text PRIMARY KEY,
      admin_id text NOT NULL REFERENCES admins (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );

    CREATE TABLE admin_sign_in_failures (
      id bigserial PRIMARY KEY,
      client_ip text NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX admin_sign_in_failures_ip_idx ON admin_sign_in_failures (client_ip, failed_at);
  `,
};
