import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

export const MAX_CLONED_VOICES = 5;

export const voiceLimitReached = () =>
  new AppError(409, 'You have reached the maximum limit of 5 cloned voices', 'VOICE_LIMIT_REACHED');

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

export async function listClonedVoices(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('cloned_voices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(MAX_CLONED_VOICES)
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

export async function findClonedVoice(db: Kysely<Database>, userId: string, voiceId: string) {
  return db
    .selectFrom('cloned_voices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', voiceId)
    .executeTakeFirst();
}

/**
 * Saves a voice unless the user already has five. The user's account row is locked first, so two
 * creations racing for the last place are decided one after the other.
 */
export async function saveClonedVoice(db: Kysely<Database>, voice: NewClonedVoice) {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT 1 FROM user_accounts WHERE user_id = ${voice.userId} FOR UPDATE`.execute(trx);
    if ((await countClonedVoices(trx, voice.userId)) >= MAX_CLONED_VOICES) throw voiceLimitReached();
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

export async function deleteClonedVoice(db: Kysely<Database>, userId: string, voiceId: string) {
  return db
    .deleteFrom('cloned_voices')
    .where('user_id', '=', userId)
    .where('id', '=', voiceId)
    .returningAll()
    .executeTakeFirst();
}
