import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

export type ProjectRow = Selectable<Database['projects']>;
export type ChapterRow = Selectable<Database['project_chapters']>;
export type BlockRow = Selectable<Database['project_blocks']>;
export type SpeakerRow = Selectable<Database['project_speakers']>;

type Db = Kysely<Database> | Transaction<Database>;

/** A project as it is first written: its chapters of blocks, and the speakers found in it. */
export interface NewProject {
  id: string;
  userId: string;
  title: string;
  author: string | null;
  coverKey: string | null;
  narratorVoiceId: string;
  chapters: { id: string; title: string; blocks: { id: string; text: string; speaker: string | null }[] }[];
  speakers: string[];
}

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters at seven per block. */
const INSERT_BATCH = 2_000;

export async function insertProjectIn(trx: Transaction<Database>, project: NewProject): Promise<void> {
  await trx
    .insertInto('projects')
    .values({
      id: project.id,
      user_id: project.userId,
      title: project.title,
      author: project.author,
      cover_key: project.coverKey,
      narrator_voice_id: project.narratorVoiceId,
    })
    .execute();
  if (project.chapters.length > 0) {
    await trx
      .insertInto('project_chapters')
      .values(project.chapters.map((c, position) => ({ id: c.id, project_id: project.id, position, title: c.title })))
      .execute();
  }
  const blocks = project.chapters.flatMap((chapter) =>
    chapter.blocks.map((block, position) => ({
      id: block.id,
      project_id: project.id,
      chapter_id: chapter.id,
      position,
      text: block.text,
      speaker: block.speaker,
    })),
  );
  for (let start = 0; start < blocks.length; start += INSERT_BATCH) {
    await trx
      .insertInto('project_blocks')
      .values(blocks.slice(start, start + INSERT_BATCH))
      .execute();
  }
  if (project.speakers.length > 0) {
    await trx
      .insertInto('project_speakers')
      .values(project.speakers.map((name) => ({ project_id: project.id, name, voice_id: null })))
      .execute();
  }
}

/** The user's projects, most recently changed first, with their size. */
export async function listProjects(db: Db, userId: string) {
  return db
    .selectFrom('projects as p')
    .select([
      'p.id',
      'p.title',
      'p.author',
      'p.created_at',
      'p.updated_at',
      (eb) =>
        eb
          .selectFrom('project_chapters as c')
          .whereRef('c.project_id', '=', 'p.id')
          .select(sql<string>`count(*)`.as('n'))
          .as('chapters'),
      (eb) =>
        eb
          .selectFrom('project_blocks as b')
          .whereRef('b.project_id', '=', 'p.id')
          .select(sql<string>`coalesce(sum(char_length(b.text)), 0)`.as('n'))
          .as('characters'),
    ])
    .where('p.user_id', '=', userId)
    .orderBy('p.updated_at', 'desc')
    .orderBy('p.id')
    .execute();
}

/** A project of this user; another user's is not found, exactly like one that does not exist. */
export async function findProject(db: Db, userId: string, projectId: string): Promise<ProjectRow | undefined> {
  return db
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Locks the project's row until the transaction ends, so edits of its structure run one at a time. */
export async function lockProjectIn(
  trx: Transaction<Database>,
  userId: string,
  projectId: string,
): Promise<ProjectRow | undefined> {
  return trx
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export interface ProjectContents {
  chapters: ChapterRow[];
  blocks: BlockRow[];
  speakers: SpeakerRow[];
}

export async function projectContents(db: Db, projectId: string): Promise<ProjectContents> {
  const [chapters, blocks, speakers] = await Promise.all([
    db.selectFrom('project_chapters').selectAll().where('project_id', '=', projectId).orderBy('position').execute(),
    db
      .selectFrom('project_blocks')
      .selectAll()
      .where('project_id', '=', projectId)
      .orderBy('chapter_id')
      .orderBy('position')
      .execute(),
    db.selectFrom('project_speakers').selectAll().where('project_id', '=', projectId).orderBy('name').execute(),
  ]);
  return { chapters, blocks, speakers };
}

export async function totalCharacters(db: Db, projectId: string): Promise<number> {
  const row = await db
    .selectFrom('project_blocks')
    .select(sql<string>`coalesce(sum(char_length(text)), 0)`.as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function touchProjectIn(trx: Db, projectId: string): Promise<void> {
  await trx.updateTable('projects').set({ updated_at: new Date() }).where('id', '=', projectId).execute();
}

export async function updateProjectIn(
  trx: Db,
  projectId: string,
  change: Partial<
    Pick<ProjectRow, 'title' | 'author' | 'narrator_voice_id' | 'block_pause_ms' | 'chapter_pause_ms' | 'cover_key'>
  >,
): Promise<void> {
  await trx
    .updateTable('projects')
    .set({ ...change, updated_at: new Date() })
    .where('id', '=', projectId)
    .execute();
}

/** Deletes the project (its chapters, blocks and cast go with it) and answers the files it kept. */
export async function deleteProjectIn(trx: Transaction<Database>, projectId: string): Promise<void> {
  await trx.deleteFrom('projects').where('id', '=', projectId).execute();
}

export async function updateBlockIn(
  trx: Db,
  projectId: string,
  blockId: string,
  change: Partial<Pick<BlockRow, 'text' | 'voice_id' | 'speed' | 'speaker'>>,
): Promise<boolean> {
  const row = await trx
    .updateTable('project_blocks')
    .set(change)
    .where('id', '=', blockId)
    .where('project_id', '=', projectId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findChapterIn(trx: Db, projectId: string, chapterId: string): Promise<ChapterRow | undefined> {
  return trx
    .selectFrom('project_chapters')
    .selectAll()
    .where('id', '=', chapterId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

export async function findBlockIn(trx: Db, projectId: string, blockId: string): Promise<BlockRow | undefined> {
  return trx
    .selectFrom('project_blocks')
    .selectAll()
    .where('id', '=', blockId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
}

export async function countChaptersIn(trx: Db, projectId: string): Promise<number> {
  const row = await trx
    .selectFrom('project_chapters')
    .select(sql<string>`count(*)`.as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Splits a chapter before one of its blocks: a new chapter right after it takes that block and
 * the ones after it, and the chapters after move one place down.
 */
export async function splitChapterIn(
  trx: Transaction<Database>,
  chapter: ChapterRow,
  atPosition: number,
  newChapter: { id: string; title: string },
): Promise<void> {
  await trx
    .updateTable('project_chapters')
    .set((eb) => ({ position: eb('position', '+', 1) }))
    .where('project_id', '=', chapter.project_id)
    .where('position', '>', chapter.position)
    .execute();
  await trx
    .insertInto('project_chapters')
    .values({
      id: newChapter.id,
      project_id: chapter.project_id,
      position: chapter.position + 1,
      title: newChapter.title,
    })
    .execute();
  await trx
    .updateTable('project_blocks')
    .set((eb) => ({ chapter_id: newChapter.id, position: eb('position', '-', atPosition) }))
    .where('chapter_id', '=', chapter.id)
    .where('position', '>=', atPosition)
    .execute();
}

/** The chapter right after this one, if any. */
export async function nextChapterIn(trx: Db, chapter: ChapterRow): Promise<ChapterRow | undefined> {
  return trx
    .selectFrom('project_chapters')
    .selectAll()
    .where('project_id', '=', chapter.project_id)
    .where('position', '>', chapter.position)
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
}

/** Appends the next chapter's blocks to this one and removes it; the chapters after move up. */
export async function mergeChaptersIn(trx: Transaction<Database>, into: ChapterRow, next: ChapterRow): Promise<void> {
  const count = await trx
    .selectFrom('project_blocks')
    .select(sql<string>`count(*)`.as('n'))
    .where('chapter_id', '=', into.id)
    .executeTakeFirstOrThrow();
  const offset = Number(count.n);
  await trx
    .updateTable('project_blocks')
    .set((eb) => ({ chapter_id: into.id, position: eb('position', '+', offset) }))
    .where('chapter_id', '=', next.id)
    .execute();
  await trx.deleteFrom('project_chapters').where('id', '=', next.id).execute();
  await trx
    .updateTable('project_chapters')
    .set((eb) => ({ position: eb('position', '-', 1) }))
    .where('project_id', '=', into.project_id)
    .where('position', '>', next.position)
    .execute();
}

export async function renameChapterIn(trx: Db, chapterId: string, title: string): Promise<void> {
  await trx.updateTable('project_chapters').set({ title }).where('id', '=', chapterId).execute();
}

export async function chapterIdsIn(trx: Db, projectId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('project_chapters')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy('position')
    .execute();
  return rows.map((row) => row.id);
}

export async function reorderChaptersIn(trx: Transaction<Database>, projectId: string, ids: string[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await trx
      .updateTable('project_chapters')
      .set({ position })
      .where('id', '=', id)
      .where('project_id', '=', projectId)
      .execute();
  }
}

/** Adds a speaker to the cast, uncast, unless they are in it. */
export async function addSpeaker(db: Db, projectId: string, name: string): Promise<void> {
  await db
    .insertInto('project_speakers')
    .values({ project_id: projectId, name, voice_id: null })
    .onConflict((oc) => oc.columns(['project_id', 'name']).doNothing())
    .execute();
}

/**
 * Casts a speaker (adding them to the cast if they were not in it) and clears the own voices of
 * their lines, so the cast's voice is the one all their lines are spoken with.
 */
export async function castSpeakerIn(
  trx: Transaction<Database>,
  projectId: string,
  name: string,
  voiceId: string | null,
): Promise<void> {
  await trx
    .insertInto('project_speakers')
    .values({ project_id: projectId, name, voice_id: voiceId })
    .onConflict((oc) => oc.columns(['project_id', 'name']).doUpdateSet({ voice_id: voiceId }))
    .execute();
  await trx
    .updateTable('project_blocks')
    .set({ voice_id: null })
    .where('project_id', '=', projectId)
    .where('speaker', '=', name)
    .execute();
}

/**
 * Brings the blocks of a project up to date with their renders' speech tasks: a finished task's
 * audio becomes the block's (and its hash the block's rendered hash), a failed one leaves the
 * block failed with the task's error code. Only blocks still waiting on that very task change,
 * so a block edited and sent again meanwhile is not overwritten by its older render.
 * Answers the speech tasks whose audio the blocks stopped using.
 */
export async function settleRenders(db: Db, projectId: string): Promise<string[]> {
  const done = await sql<{ old_task: string | null }>`
    WITH finished AS (
      SELECT b.id, b.audio_task_id AS old_task, t.audio_key, t.duration_ms
        FROM project_blocks b JOIN speech_tasks t ON t.id = b.render_task_id
       WHERE b.project_id = ${projectId} AND b.state = 'queued' AND t.status = 'done'
       FOR UPDATE OF b
    )
    UPDATE project_blocks b
       SET state = 'done', rendered_hash = b.render_hash, audio_key = f.audio_key, audio_task_id = b.render_task_id,
           duration_ms = f.duration_ms, error_code = NULL
      FROM finished f
     WHERE b.id = f.id
    RETURNING f.old_task
  `.execute(db);
  await sql`
    UPDATE project_blocks b
       SET state = 'failed', error_code = coalesce(t.error_code, 'UNKNOWN_FAILURE')
      FROM speech_tasks t
     WHERE t.id = b.render_task_id AND b.project_id = ${projectId} AND b.state = 'queued' AND t.status = 'failed'
  `.execute(db);
  // Audio the history let go (retention expired it, or the generation was deleted) is audio no
  // more: the block is to be rendered again.
  await sql`
    UPDATE project_blocks b
       SET state = 'new', audio_key = NULL, audio_task_id = NULL, rendered_hash = NULL, duration_ms = NULL
     WHERE b.project_id = ${projectId} AND b.state = 'done' AND b.audio_task_id IS NOT NULL
       AND NOT EXISTS (
         SELECT 1 FROM speech_tasks t WHERE t.id = b.audio_task_id AND t.audio_expired_at IS NULL
       )
  `.execute(db);
  return done.rows.flatMap((row) => (row.old_task ? [row.old_task] : []));
}

/** Records, in the transaction that created the block's speech task, that the block waits on it. */
export async function markBlockQueuedIn(
  trx: Transaction<Database>,
  blockId: string,
  taskId: string,
  hash: string,
): Promise<void> {
  await trx
    .updateTable('project_blocks')
    .set({ state: 'queued', render_task_id: taskId, render_hash: hash, error_code: null })
    .where('id', '=', blockId)
    .execute();
}

/** Projects of this user with blocks still waiting on a render, this one left out. */
export async function otherProjectsRendering(trx: Db, userId: string, projectId: string): Promise<number> {
  const row = await trx
    .selectFrom('projects as p')
    .select(sql<string>`count(*)`.as('n'))
    .where('p.user_id', '=', userId)
    .where('p.id', '!=', projectId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('project_blocks as b')
          .innerJoin('speech_tasks as t', 't.id', 'b.render_task_id')
          .whereRef('b.project_id', '=', 'p.id')
          .where('b.state', '=', 'queued')
          .where('t.status', 'in', ['queued', 'processing'])
          .select('b.id'),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user's spendable credits (accounts' table, read only). */
export async function spendableCredits(db: Db, userId: string): Promise<number> {
  const row = await db.selectFrom('user_accounts').select('credits').where('user_id', '=', userId).executeTakeFirst();
  return row?.credits ?? 0;
}

/** Every speech task the project's blocks were rendered by (finished or not). */
export async function projectRenderTasks(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('project_blocks')
    .select(['audio_task_id', 'render_task_id'])
    .where('project_id', '=', projectId)
    .execute();
  return [...new Set(rows.flatMap((row) => [row.audio_task_id, row.render_task_id]).filter((id) => id !== null))];
}
