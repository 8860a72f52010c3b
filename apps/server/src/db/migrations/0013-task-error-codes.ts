import type { Migration } from './index.js';

/**
 * A failed task keeps the code of its failure beside its message (issue 36, decision 0041), so
 * clients decide what to show by the code, not by the words. Tasks that failed before have none.
 */
export const taskErrorCodes: Migration = {
  version: 13,
  name: 'task-error-codes',
  sql: `ALTER TABLE speech_tasks ADD COLUMN error_code text;`,
};
