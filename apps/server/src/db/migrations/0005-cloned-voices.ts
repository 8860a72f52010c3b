import type { Migration } from './index.js';

/**
 * Each user's cloned voices (at most five, enforced when one is created). The engine's voice id is
 * unique per engine; the uploaded sample and the voice's spoken preview live in file storage.
 */
export const clonedVoices: Migration = {
  version: 5,
  name: 'cloned voices',
  sql: `
    CREATE TABLE cloned_voices (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
      engine text NOT NULL,
      voice_name text NOT NULL,
      language text NOT NULL,
      approximate boolean NOT NULL,
      sample_key text NOT NULL,
      preview_key text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX cloned_voices_user_idx ON cloned_voices (user_id, created_at DESC);
  `,
};
