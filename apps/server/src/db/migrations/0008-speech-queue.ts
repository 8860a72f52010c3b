import type { Migration } from './index.js';

/**
 * The speech queue's own bookkeeping: when a task last entered the queue (its place in line, as the
 * job queue serves jobs in the order they were sent) and the job that should run it, so the sweeper
 * can tell a task that is only waiting from one whose job was lost. `queued_at` is kept to the
 * millisecond, as JavaScript reads it, so a value read back matches the stored one exactly.
 */
export const speechQueue: Migration = {
  version: 8,
  name: 'speech queue',
  sql: `
    ALTER TABLE speech_tasks ADD COLUMN queued_at timestamptz NOT NULL DEFAULT date_trunc('milliseconds', now());
    ALTER TABLE speech_tasks ADD COLUMN job_id text;
    UPDATE speech_tasks
      SET queued_at = date_trunc('milliseconds', CASE WHEN status = 'queued' THEN updated_at ELSE created_at END);
    CREATE INDEX speech_tasks_queue_idx ON speech_tasks (queued_at, id) WHERE status = 'queued';
  `,
};
