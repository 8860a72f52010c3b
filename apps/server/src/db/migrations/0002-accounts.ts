import type { Migration } from './index.js';

/**
 * Sign-in tables in the shape better-auth expects (user, session, account, verification,
 * rateLimit), and each user's credits and money beside an append-only ledger.
 */
export const accounts: Migration = {
  version: 2,
  name: 'accounts',
  sql: `
    CREATE TABLE "user" (
      "id" text PRIMARY KEY,
      "name" text NOT NULL,
      "email" text NOT NULL UNIQUE,
      "emailVerified" boolean NOT NULL,
      "image" text,
      "createdAt" timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
      "updatedAt" timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
    );
    CREATE TABLE "session" (
      "id" text PRIMARY KEY,
      "expiresAt" timestamptz NOT NULL,
      "token" text NOT NULL UNIQUE,
      "createdAt" timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
      "updatedAt" timestamptz NOT NULL,
      "ipAddress" text,
      "userAgent" text,
      "userId" text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE
    );
    CREATE INDEX "session_userId_idx" ON "session" ("userId");
    CREATE TABLE "account" (
      "id" text PRIMARY KEY,
      "accountId" text NOT NULL,
      "providerId" text NOT NULL,
      "userId" text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
      "accessToken" text,
      "refreshToken" text,
      "idToken" text,
      "accessTokenExpiresAt" timestamptz,
      "refreshTokenExpiresAt" timestamptz,
      "scope" text,
      "password" text,
      "createdAt" timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
      "updatedAt" timestamptz NOT NULL
    );
    CREATE INDEX "account_userId_idx" ON "account" ("userId");
    -- A person is their identity at a provider (issuer + subject), never an email address.
    CREATE UNIQUE INDEX "account_provider_subject_idx" ON "account" ("providerId", "accountId");
    CREATE TABLE "verification" (
      "id" text PRIMARY KEY,
      "identifier" text NOT NULL,
      "value" text NOT NULL,
      "expiresAt" timestamptz NOT NULL,
      "createdAt" timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP,
      "updatedAt" timestamptz NOT NULL DEFAULT CURRENT_TIMESTAMP
    );
    CREATE INDEX "verification_identifier_idx" ON "verification" ("identifier");
    CREATE TABLE "rateLimit" (
      "id" text PRIMARY KEY,
      "key" text NOT NULL UNIQUE,
      "count" integer NOT NULL,
      "lastRequest" bigint NOT NULL
    );

    CREATE TABLE user_accounts (
      user_id text PRIMARY KEY REFERENCES "user" ("id") ON DELETE CASCADE,
      credits bigint NOT NULL DEFAULT 0 CHECK (credits >= 0),
      held_credits bigint NOT NULL DEFAULT 0 CHECK (held_credits >= 0),
      total_credits_used bigint NOT NULL DEFAULT 0 CHECK (total_credits_used >= 0),
      balance numeric(14, 2) NOT NULL DEFAULT 0 CHECK (balance >= 0),
      currency text NOT NULL DEFAULT 'PKR',
      last_login_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE ledger_entries (
      id bigserial PRIMARY KEY,
      user_id text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
      asset text NOT NULL CHECK (asset IN ('credits', 'money')),
      amount numeric(14, 2) NOT NULL CHECK (amount <> 0),
      balance_before numeric(14, 2) NOT NULL,
      balance_after numeric(14, 2) NOT NULL CHECK (balance_after >= 0),
      kind text NOT NULL,
      actor text,
      reason text,
      idempotency_key text,
      reference text,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (balance_after = balance_before + amount)
    );
    CREATE INDEX ledger_entries_user_idx ON ledger_entries (user_id, asset, id);
    CREATE UNIQUE INDEX ledger_entries_idempotency_idx ON ledger_entries (user_id, idempotency_key)
      WHERE idempotency_key IS NOT NULL;
  `,
};
