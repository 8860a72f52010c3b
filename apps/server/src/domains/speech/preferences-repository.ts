import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface StoredPreferences {
  preferredVoiceId: string | null;
  preferredVoiceName: string | null;
  updatedAt: Date;
}

export async function findPreferences(db: Kysely<Database>, userId: string): Promise<StoredPreferences | null> {
  const row = await db.selectFrom('user_preferences').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row
    ? {
        preferredVoiceId: row.preferred_voice_id,
        preferredVoiceName: row.preferred_voice_name,
        updatedAt: row.updated_at,
      }
    : null;
}

export async function savePreferences(
  db: Kysely<Database>,
  userId: string,
  preferences: { preferredVoiceId: string; preferredVoiceName: string | null },
): Promise<StoredPreferences> {
  const values = {
    preferred_voice_id: preferences.preferredVoiceId,
    preferred_voice_name: preferences.preferredVoiceName,
    updated_at: new Date(),
  };
  const row = await db
    .insertInto('user_preferences')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    preferredVoiceId: row.preferred_voice_id,
    preferredVoiceName: row.preferred_voice_name,
    updatedAt: row.updated_at,
  };
}
