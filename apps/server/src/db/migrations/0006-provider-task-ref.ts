import type { Migration } from './index.js';

/** The provider's own job id for a speech task, so a retried task resumes it instead of paying twice. */
export const providerTaskRef: Migration = {
  version: 6,
  name: 'provider task reference',
  sql: `ALTER TABLE speech_tasks ADD COLUMN provider_ref text;`,
};
