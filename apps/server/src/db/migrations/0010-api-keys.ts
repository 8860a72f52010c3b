import type { Migration } from './index.js';

/**
 * API keys for the public API. Only a SHA-256 of each secret is kept (the secret is 192 random
 * bits, so a slow hash would add nothing); `prefix` is the secret's harmless start, shown in lists.
 * Characters are counted per key and calendar month (UTC) for the optional monthly cap. Speech
 * made through a key is a task like any other, marked with the key, so history shows it. Each
 * user has one secret that signs their completion callbacks, and every delivery attempt of a
 * callback is recorded.
 */
export const apiKeys: Migration = {
  version: 10,
  name: 'api keys',
  sql: `
    CREATE TABLE api_keys (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
      name text NOT NULL,
      prefix text NOT NULL,
      secret_hash text NOT NULL UNIQUE,
      scopes text[] NOT NULL,
      monthly_character_cap integer CHECK (monthly_character_cap > 0),
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    );
    CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at DESC);

    CREATE TABLE api_key_usage (
      key_id text NOT NULL REFERENCES api_keys ("id") ON DELETE CASCADE,
      month date NOT NULL,
      characters integer NOT NULL DEFAULT 0,
      PRIMARY KEY (key_id, month)
    );

    ALTER TABLE speech_tasks ADD COLUMN api_key_id text REFERENCES api_keys ("id") ON DELETE SET NULL;
    CREATE INDEX speech_tasks_api_key_idx ON speech_tasks (api_key_id, created_at) WHERE api_key_id IS NOT NULL;

    CREATE TABLE callback_signing_secrets (
      user_id text PRIMARY KEY REFERENCES "user" ("id") ON DELETE CASCADE,
      secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE callback_deliveries (
      id bigserial PRIMARY KEY,
      task_id text NOT NULL REFERENCES speech_tasks ("id") ON DELETE CASCADE,
      url text NOT NULL,
      attempt integer NOT NULL,
      status_code integer,
      error text,
      attempted_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX callback_deliveries_task_idx ON callback_deliveries (task_id, attempt);
  `,
};
