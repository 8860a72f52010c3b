import type { Migration } from './index.js';

/**
 * The submission path in fewer statements (issue 15, decision 0024).
 *
 * - The per-address limit counts an address's tasks of the last minute (and the demo's of the
 *   last hour); without an index on the address that count read every task.
 * - A task and the hold of its credits are written by one statement, and a hold that cannot be
 *   made (too few credits) must then end in a clear 402 and a rollback, not in a foreign-key
 *   failure of the same statement: the task's reference to its hold is checked at commit.
 */
export const leanSubmission: Migration = {
  version: 12,
  name: 'lean-submission',
  sql: `
    CREATE INDEX speech_tasks_client_ip_idx ON speech_tasks (client_ip, created_at);
    ALTER TABLE speech_tasks ALTER CONSTRAINT speech_tasks_hold_id_fkey DEFERRABLE INITIALLY DEFERRED;
  `,
};
