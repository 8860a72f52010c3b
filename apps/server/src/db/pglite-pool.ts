import type { PGlite } from '@electric-sql/pglite';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { acquireWithinLimit } from './lock-wait.js';
import { Mutex } from './mutex.js';

/**
 * An open PGlite database that its owner lends instead of the app opening one: the app gives it
 * back when it closes rather than closing it. Tests lend databases from a pool of warm ones,
 * because starting PGlite costs about half a second.
 */
export interface PGliteLease {
  pglite: PGlite;
  /** Called once, when the app is done with the database. */
  giveBack(): Promise<void>;
}

/**
 * PGlite is a single connection. Kysely's Postgres driver wants a pool, and pg-boss wants
 * `executeSql`; both go through one mutex so a transaction opened by one caller never has
 * another caller's statements run inside it.
 */
export class PGlitePool implements PostgresPool {
  readonly lock = new Mutex();
  private ended = false;

  /** `finish` closes the database, or gives a lent one back. */
  constructor(
    readonly pglite: PGlite,
    private readonly finish: () => Promise<void> = () => pglite.close(),
  ) {}

  /** Whether the pool has ended; a lent database may live on with its next borrower. */
  get isEnded(): boolean {
    return this.ended;
  }

  async connect(): Promise<PostgresPoolClient> {
    const release = await acquireWithinLimit(this.lock);
    if (this.ended) {
      release();
      throw new Error('PGlite is closed');
    }
    return new PGliteClient(this.pglite, release);
  }

  async end(): Promise<void> {
    await this.lock.run(async () => {
      if (this.ended) return;
      this.ended = true;
      await this.finish();
    });
  }

  /**
   * Runs SQL for pg-boss. Statements without parameters may hold several commands, which only
   * PGlite's `exec` accepts; the rows of the last command are returned.
   */
  executeSql = (text: string, values: unknown[] = []): Promise<{ rows: unknown[] }> =>
    this.lock.run(async () => {
      // A lent database is not closed when the pool ends: a late caller must not reach its next borrower.
      if (this.ended) throw new Error('PGlite is closed');
      if (values.length > 0) return { rows: (await this.pglite.query(text, values)).rows };
      const results = await this.pglite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    });
}

class PGliteClient implements PostgresPoolClient {
  constructor(
    private readonly pglite: PGlite,
    readonly release: () => void,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') throw new Error('Streaming queries are not supported on PGlite');
    const sql = sqlOrCursor;
    // Without parameters a statement may hold several commands (migrations), which only the
    // simple protocol behind `exec` accepts; the last command's result is the answer.
    const run =
      parameters.length === 0
        ? this.pglite.exec(sql).then((results) => results.at(-1) ?? { rows: [], affectedRows: 0 })
        : this.pglite.query<R>(sql, [...parameters]);
    return run.then((result) => ({
      command: commandOf(sql),
      rowCount: result.affectedRows ?? 0,
      rows: result.rows as R[],
    }));
  }
}

// Kysely only uses the command to decide whether to report affected rows.
function commandOf(sql: string): PostgresQueryResult<unknown>['command'] {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase();
  switch (word) {
    case 'SELECT':
    case 'INSERT':
    case 'DELETE':
    case 'MERGE':
      return word;
    default:
      return 'UPDATE';
  }
}
