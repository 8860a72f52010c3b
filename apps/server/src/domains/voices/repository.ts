import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export type ClonedVoiceRow = Selectable<Database['cloned_voices']>;

export interface NewClonedVoice {
  id: string;
  userId: string;
  engine: string;
  name: string;
  language: string;
  approximate: boolean;
  sampleKey: string;
  previewKey: string | null;
}

/** A user's cloned voices, newest first, at most `limit` of them. */
export async function listClonedVoices(db: Kysely<Database>, userId: string, limit: number): Promise<ClonedVoiceRow[]> {
  return db
    .selectFrom('cloned_voices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function countClonedVoices(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('cloned_voices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findClonedVoice(
  db: Kysely<Database>,
  userId: string,
  voiceId: string,
): Promise<ClonedVoiceRow | undefined> {
  return db
    .selectFrom('cloned_voices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', voiceId)
    .executeTakeFirst();
}

/**
 * Saves a voice unless the user already has `limit` of them (then null). The user's account row is
 * locked first, so two creations racing for the last place are decided one after the other.
 */
export async function saveClonedVoice(
  db: Kysely<Database>,
  voice: NewClonedVoice,
  limit: number,
): Promise<ClonedVoiceRow | null> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT 1 FROM user_accounts WHERE user_id = ${voice.userId} FOR UPDATE`.execute(trx);
    if ((await countClonedVoices(trx, voice.userId)) >= limit) return null;
    return trx
      .insertInto('cloned_voices')
      .values({
        id: voice.id,
        user_id: voice.userId,
        engine: voice.engine,
        voice_name: voice.name,
        language: voice.language,
        approximate: voice.approximate,
        sample_key: voice.sampleKey,
        preview_key: voice.previewKey,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export async function deleteClonedVoice(db: Kysely<Database>, userId: string, voiceId: string): Promise<void> {
  await db.deleteFrom('cloned_voices').where('user_id', '=', userId).where('id', '=', voiceId).execute();
}
