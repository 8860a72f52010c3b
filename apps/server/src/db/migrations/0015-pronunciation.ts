import type { Migration } from './index.js';

/**
 * Pronunciation dictionaries (issue 38, decision 0050). A dictionary belongs to one user; each
 * change of its rules makes a new version, kept whole, so a request that names an older version
 * (an ElevenLabs locator does) is spoken with the rules it named. The dictionary points at its
 * latest version.
 */
export const pronunciation: Migration = {
  version: 15,
  name: 'pronunciation',
  sql: `
    CREATE TABLE pronunciation_dictionaries (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
      name text NOT NULL,
      description text,
      latest_version_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX pronunciation_dictionaries_by_user ON pronunciation_dictionaries (user_id, created_at DESC, id);

    CREATE TABLE pronunciation_dictionary_versions (
      id text PRIMARY KEY,
      dictionary_id text NOT NULL REFERENCES pronunciation_dictionaries (id) ON DELETE CASCADE,
      rules jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX pronunciation_dictionary_versions_by_dictionary ON pronunciation_dictionary_versions (dictionary_id);
  `,
};
