import type { Migration } from './index.js';

/** Speech generation tasks (signed-in or anonymous demo) and each user's preferred voice. */
export const speech: Migration = {
  version: 4,
  name: 'speech',
  sql: `
    CREATE TABLE speech_tasks (
      id text PRIMARY KEY,
      user_id text REFERENCES "user" ("id") ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('A', 'B')),
      engine text NOT NULL,
      voice_id text NOT NULL,
      model_id text,
      text text NOT NULL,
      settings jsonb NOT NULL DEFAULT '{}'::jsonb,
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'processing', 'done', 'failed')),
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      error text,
      hold_id text REFERENCES credit_holds (id),
      audio_key text,
      transcript_key text,
      duration_ms integer,
      client_ip text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz
    );
    CREATE INDEX speech_tasks_user_idx ON speech_tasks (user_id, created_at DESC);
    CREATE INDEX speech_tasks_unfinished_idx ON speech_tasks (status) WHERE status IN ('queued', 'processing');

    CREATE TABLE user_preferences (
      user_id text PRIMARY KEY REFERENCES "user" ("id") ON DELETE CASCADE,
      preferred_voice_id text,
      preferred_voice_name text,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `,
};
