import type { Migration } from './index.js';

export const initial: Migration = {
  version: 1,
  name: 'initial',
  sql: `
    CREATE TABLE app_settings (
      key text PRIMARY KEY,
      value jsonb NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    );
  `,
};
