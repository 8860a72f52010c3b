import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/db/schema.js';

const MAX_PRINTED_FAILURES = 40;

/**
 * Counts every check a suite makes and keeps the failures, so one run reports all the holes at
 * once (not just the first) and prints how much it looked at.
 */
export class CheckLog {
  checks = 0;
  readonly failures: string[] = [];

  check(passed: boolean, describeFailure: () => string): void {
    this.checks += 1;
    if (!passed) this.failures.push(describeFailure());
  }

  /** One line per suite, e.g. "authz matrix: 45 routes x 3 callers = 135 checks, 0 failures". */
  summary(title: string, scope: string, options: { printFailures?: boolean } = {}): string {
    const line = `${title}: ${scope} = ${this.checks} checks, ${this.failures.length} failures`;
    console.log(line);
    if (this.failures.length > 0 && options.printFailures !== false) {
      const shown = this.failures.slice(0, MAX_PRINTED_FAILURES);
      const more = this.failures.length - shown.length;
      console.log(`${title}, failures:\n  - ${shown.join('\n  - ')}${more > 0 ? `\n  ... and ${more} more` : ''}`);
    }
    return line;
  }
}

/** A short excerpt of a body for a failure message. */
export function excerpt(text: string, length = 160): string {
  const flat = JSON.stringify(text.length > length ? `${text.slice(0, length)}…` : text);
  return flat.slice(1, -1);
}

/** Tables whose rows a state-changing request could add, change or remove. */
const GUARDED_TABLES = [
  'user',
  'session',
  'account',
  'user_accounts',
  'ledger_entries',
  'credit_holds',
  'purchases',
  'admin_sessions',
  'speech_tasks',
  'cloned_voices',
  'user_preferences',
] as const;

/**
 * A digest of every row of the tables above: equal before and after a batch of refused requests
 * proves that none of them bought, created, changed, or signed anything in or out.
 */
export async function stateFingerprint(db: Kysely<Database>): Promise<Record<string, string>> {
  const fingerprint: Record<string, string> = {};
  for (const table of GUARDED_TABLES) {
    const { rows } = await sql<{ rows: number; digest: string | null }>`
      select count(*)::int as rows, md5(string_agg(t::text, '|' order by t::text)) as digest
        from ${sql.table(table)} t
    `.execute(db);
    const row = rows[0];
    fingerprint[table] = `${row?.rows ?? 0} rows ${row?.digest ?? '-'}`;
  }
  return fingerprint;
}
