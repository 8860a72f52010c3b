import type { Migration } from './index.js';

/**
 * Generation history and the sentence timeline. A task is rendered sentence by sentence: each
 * rendering is a take, and the audio of a take lives once in `sentence_audio`, keyed by a hash of
 * everything that shapes its sound (user, engine, model, voice, settings, text, seed), so a take
 * with the same key is served from the cache instead of the engine. `revision` counts rebuilds of
 * a task's joined files, so two edits of one generation cannot overwrite each other.
 */
export const history: Migration = {
  version: 11,
  name: 'history',
  sql: `
    ALTER TABLE speech_tasks ADD COLUMN revision integer NOT NULL DEFAULT 0;
    ALTER TABLE speech_tasks ADD COLUMN stored_bytes integer NOT NULL DEFAULT 0;
    ALTER TABLE speech_tasks ADD COLUMN audio_expired_at timestamptz;

    CREATE TABLE sentence_audio (
      cache_key text PRIMARY KEY,
      user_id text REFERENCES "user" ("id") ON DELETE CASCADE,
      file_key text NOT NULL,
      duration_ms double precision NOT NULL,
      bytes integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sentence_audio_user_idx ON sentence_audio (user_id);

    CREATE TABLE sentence_takes (
      id text PRIMARY KEY,
      task_id text NOT NULL REFERENCES speech_tasks ("id") ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      text text NOT NULL,
      seed integer,
      cache_key text NOT NULL REFERENCES sentence_audio (cache_key) ON DELETE CASCADE,
      chosen boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX sentence_takes_chosen_idx ON sentence_takes (task_id, position) WHERE chosen;
    CREATE INDEX sentence_takes_task_idx ON sentence_takes (task_id, position, created_at);
    CREATE INDEX sentence_takes_cache_idx ON sentence_takes (cache_key);
  `,
};
