import type { HistorySource } from '@sayso/contract/history';
import type { TaskStatus } from '@sayso/contract/speech';
import { type ExpressionBuilder, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type TaskRow = Selectable<Database['speech_tasks']>;
export type TakeRow = Selectable<Database['sentence_takes']> & { file_key: string; duration_ms: number };

/** A generation as the history lists it: the task, and what the joins add. */
export interface HistoryRow extends TaskRow {
  cloned_voice_name: string | null;
  api_key_name: string | null;
  /** Credits the generation and its regenerated sentences cost, from the ledger (held ones count). */
  credits_charged: number;
  has_takes: boolean;
}

export interface HistoryFilter {
  q?: string | undefined;
  voice?: string | undefined;
  status?: TaskStatus | undefined;
  source?: HistorySource | undefined;
}

/** The hold reference of a regenerated sentence: `take:<task>:<take>`, next to the task's own `speech:<task>`. */
export const takeHoldReference = (taskId: string, takeId: string) => `take:${taskId}:${takeId}`;

/** `%` and `_` typed by a user are searched for, not used as wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function historyQuery(db: Kysely<Database>, userId: string, filter: HistoryFilter) {
  return (
    db
      .selectFrom('speech_tasks as t')
      .where('t.user_id', '=', userId)
      .$if(Boolean(filter.q), (q) => q.where('t.text', 'ilike', likePattern(filter.q ?? '')))
      .$if(Boolean(filter.voice), (q) => q.where('t.voice_id', '=', filter.voice ?? ''))
      .$if(Boolean(filter.status), (q) => q.where('t.status', '=', filter.status ?? 'done'))
      // The API renders for either studio's catalogue, so its source is the key, not the studio.
      .$if(filter.source === 'api', (q) => q.where('t.api_key_id', 'is not', null))
      .$if(filter.source === 'preset' || filter.source === 'clone', (q) =>
        q.where('t.api_key_id', 'is', null).where('t.provider', '=', filter.source === 'clone' ? 'A' : 'B'),
      )
  );
}

/** The speech tasks of a history query, under the alias every query here gives them. */
type TaskScope = ExpressionBuilder<Database & { t: Database['speech_tasks'] }, 't'>;

/**
 * Not the render of a project block (the block's latest render, or the one whose audio it still
 * plays): a book is hundreds of them, and the project's own page shows their progress and
 * charges. A render whose block is gone (a project deleted while it ran) lists as any generation.
 */
const notProjectRender = ({ not, exists, selectFrom }: TaskScope) =>
  not(
    exists(
      selectFrom('project_blocks as b')
        .select(sql.lit(1).as('one'))
        .where((b) => b.or([b('b.render_task_id', '=', b.ref('t.id')), b('b.audio_task_id', '=', b.ref('t.id'))])),
    ),
  );

/** One page of a user's generations, newest first, and how many match in all. */
export async function listHistory(
  db: Kysely<Database>,
  userId: string,
  filter: HistoryFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: HistoryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    historyRows(historyQuery(db, userId, filter).where(notProjectRender))
      .orderBy('t.created_at', 'desc')
      .orderBy('t.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    historyQuery(db, userId, filter)
      .where(notProjectRender)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(numbers), total: Number(count.n) };
}

/** A user's own generation, or undefined for any other (or none). */
export async function findHistoryRow(
  db: Kysely<Database>,
  userId: string,
  taskId: string,
): Promise<HistoryRow | undefined> {
  const row = await historyRows(historyQuery(db, userId, {}).where('t.id', '=', taskId)).executeTakeFirst();
  return row && numbers(row);
}

function historyRows(query: ReturnType<typeof historyQuery>) {
  return query
    .leftJoin('cloned_voices as v', (join) =>
      join.onRef('v.id', '=', 't.voice_id').onRef('v.user_id', '=', 't.user_id'),
    )
    .leftJoin('api_keys as k', 'k.id', 't.api_key_id')
    .selectAll('t')
    .select(['v.voice_name as cloned_voice_name', 'k.name as api_key_name'])
    .select(
      sql<number>`coalesce((
        select -sum(e.amount) from credit_holds h join ledger_entries e on e.reference = h.id and e.asset = 'credits'
        where h.user_id = t.user_id and (h.reference = 'speech:' || t.id or h.reference like 'take:' || t.id || ':%')
      ), 0)`.as('credits_charged'),
    )
    .select(sql<boolean>`exists (select 1 from sentence_takes s where s.task_id = t.id)`.as('has_takes'));
}

// Sums come back as strings from PostgreSQL's numeric type.
const numbers = <Row extends { credits_charged: number | string }>(row: Row): Row => ({
  ...row,
  credits_charged: Number(row.credits_charged),
});

/** The voices a user has generated with (for the filter), most used first. */
export async function historyVoices(
  db: Kysely<Database>,
  userId: string,
): Promise<{ engine: string; voice_id: string; cloned_voice_name: string | null }[]> {
  return db
    .selectFrom('speech_tasks as t')
    .leftJoin('cloned_voices as v', (join) =>
      join.onRef('v.id', '=', 't.voice_id').onRef('v.user_id', '=', 't.user_id'),
    )
    .where('t.user_id', '=', userId)
    .where(notProjectRender)
    .groupBy(['t.engine', 't.voice_id', 'v.voice_name'])
    .select(['t.engine', 't.voice_id', 'v.voice_name as cloned_voice_name'])
    .orderBy(sql`count(*)`, 'desc')
    .limit(100)
    .execute();
}

/** Every take of a task, by position then age, with its audio file. */
export async function listTakes(db: Kysely<Database> | Transaction<Database>, taskId: string): Promise<TakeRow[]> {
  return db
    .selectFrom('sentence_takes as s')
    .innerJoin('sentence_audio as a', 'a.cache_key', 's.cache_key')
    .where('s.task_id', '=', taskId)
    .selectAll('s')
    .select(['a.file_key', 'a.duration_ms'])
    .orderBy('s.position')
    .orderBy('s.created_at')
    .orderBy('s.id')
    .execute();
}
