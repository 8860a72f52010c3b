import type { PronunciationRule } from '@sayso/contract/pronunciation';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export type DictionaryRow = Selectable<Database['pronunciation_dictionaries']>;

/** A dictionary with one version's rules (its latest, unless a version was asked for). */
export interface DictionaryVersion extends DictionaryRow {
  version_id: string;
  rules: PronunciationRule[];
}

export interface NewDictionary {
  id: string;
  versionId: string;
  userId: string;
  name: string;
  description: string | null;
  rules: PronunciationRule[];
}

export async function insertDictionaryIn(trx: Transaction<Database>, dictionary: NewDictionary): Promise<void> {
  await trx
    .insertInto('pronunciation_dictionaries')
    .values({
      id: dictionary.id,
      user_id: dictionary.userId,
      name: dictionary.name,
      description: dictionary.description,
      latest_version_id: dictionary.versionId,
    })
    .execute();
  await insertVersionIn(trx, dictionary.id, dictionary.versionId, dictionary.rules);
}

async function insertVersionIn(
  trx: Transaction<Database>,
  dictionaryId: string,
  versionId: string,
  rules: PronunciationRule[],
): Promise<void> {
  await trx
    .insertInto('pronunciation_dictionary_versions')
    .values({ id: versionId, dictionary_id: dictionaryId, rules: JSON.stringify(rules) })
    .execute();
}

/** Makes `rules` the dictionary's new latest version. */
export async function addVersionIn(
  trx: Transaction<Database>,
  dictionaryId: string,
  versionId: string,
  rules: PronunciationRule[],
): Promise<void> {
  await insertVersionIn(trx, dictionaryId, versionId, rules);
  await trx
    .updateTable('pronunciation_dictionaries')
    .set({ latest_version_id: versionId })
    .where('id', '=', dictionaryId)
    .execute();
}

const withVersion = (db: Db) =>
  db
    .selectFrom('pronunciation_dictionaries as d')
    .innerJoin('pronunciation_dictionary_versions as v', 'v.dictionary_id', 'd.id')
    .selectAll('d')
    .select(['v.id as version_id', 'v.rules']);

/**
 * A user's dictionary at a version (its latest when none is named); null when the user has no
 * such dictionary or it has no such version. `forUpdate` locks the dictionary's row, so two rule
 * changes in flight make two versions one after the other instead of both building on the same one.
 */
export async function findDictionary(
  db: Db,
  userId: string,
  dictionaryId: string,
  versionId?: string | null,
  forUpdate = false,
): Promise<DictionaryVersion | null> {
  let query = withVersion(db).where('d.id', '=', dictionaryId).where('d.user_id', '=', userId);
  query = versionId ? query.where('v.id', '=', versionId) : query.whereRef('v.id', '=', 'd.latest_version_id');
  if (forUpdate) query = query.forUpdate('d');
  return (await query.executeTakeFirst()) ?? null;
}

/** A user's dictionaries at their latest versions, newest first, a page after a cursor. */
export async function listDictionaries(
  db: Db,
  userId: string,
  page: { limit: number; after: { createdAt: Date; id: string } | null },
): Promise<DictionaryVersion[]> {
  let query = withVersion(db)
    .where('d.user_id', '=', userId)
    .whereRef('v.id', '=', 'd.latest_version_id')
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(page.limit);
  const { after } = page;
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('d.created_at', '<', after.createdAt),
        eb.and([eb('d.created_at', '=', after.createdAt), eb('d.id', '<', after.id)]),
      ]),
    );
  }
  return query.execute();
}

/** Deletes a user's dictionary with its versions; false when there was none. */
export async function deleteDictionary(db: Db, userId: string, dictionaryId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('pronunciation_dictionaries')
    .where('id', '=', dictionaryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
