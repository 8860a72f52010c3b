import { randomBytes } from 'node:crypto';
import {
  DICTIONARY_MAX_RULES,
  MAX_DICTIONARIES_PER_REQUEST,
  type PronunciationDictionary,
  type PronunciationRule,
} from '@sayso/contract/pronunciation';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/unit-of-work.js';
import { AppError } from '../../http/errors.js';
import { applyRules, type SpokenText } from './apply.js';
import { phonemeProblem } from './phonemes.js';
import { PlsError, readPls, writePls } from './pls.js';
import {
  addVersionIn,
  type DictionaryVersion,
  deleteDictionary,
  findDictionary,
  insertDictionaryIn,
  listDictionaries,
} from './repository.js';

export interface PronunciationDeps {
  db: Kysely<Database>;
  /** New dictionary and version ids; random unless a test needs them known. */
  newId?: () => string;
}

/** Which dictionary a request applies, and at which version (its latest when none is named). */
export interface DictionaryLocator {
  dictionaryId: string;
  versionId?: string | null;
}

/** Rewrites a request's text for the engine that will speak it, with the request's dictionaries. */
export type Pronouncer = (text: string, engineId: string) => SpokenText;

export interface DictionaryPage {
  dictionaries: DictionaryVersion[];
  nextCursor: string | null;
}

const randomId = () => randomBytes(10).toString('hex');

/** Added rules after the existing ones; one for a text that has a rule (case as written) takes its place. */
function mergeRules(existing: PronunciationRule[], added: PronunciationRule[]): PronunciationRule[] {
  const byText = new Map<string, PronunciationRule>();
  for (const rule of [...existing, ...added]) byText.set(rule.string_to_replace, rule);
  return [...byText.values()];
}

/** A page cursor: the last dictionary's creation time and id, opaque to clients. */
const encodeCursor = (row: DictionaryVersion) =>
  Buffer.from(`${row.created_at.toISOString()}|${row.id}`, 'utf8').toString('base64url');

function decodeCursor(cursor: string | null | undefined): { createdAt: Date; id: string } | null {
  if (!cursor) return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(at ?? '');
  if (!id || Number.isNaN(createdAt.getTime())) throw AppError.withMessage('BAD_REQUEST', 'cursor is not valid');
  return { createdAt, id };
}

/**
 * Pronunciation dictionaries: a user's rules, kept as versions, read from and written to PLS files,
 * and applied to the text of a speech request for the engine that speaks it.
 */
export class PronunciationService {
  private readonly newId: () => string;

  constructor(private readonly deps: PronunciationDeps) {
    this.newId = deps.newId ?? randomId;
  }

  async create(
    userId: string,
    input: { name: string; description?: string | null | undefined; rules: PronunciationRule[] },
  ): Promise<DictionaryVersion> {
    checkRules(input.rules);
    const id = this.newId();
    const versionId = this.newId();
    await inTransaction(this.deps.db, (trx) =>
      insertDictionaryIn(trx, {
        id,
        versionId,
        userId,
        name: input.name,
        description: input.description ?? null,
        rules: input.rules,
      }),
    );
    return this.get(userId, id);
  }

  /** A dictionary made from a PLS file's lexemes. */
  async importPls(
    userId: string,
    input: { name: string; description?: string | null | undefined; file: string },
  ): Promise<DictionaryVersion> {
    return this.create(userId, { ...input, rules: rulesOfPls(input.file) });
  }

  async get(userId: string, dictionaryId: string, versionId?: string | null): Promise<DictionaryVersion> {
    const found = await findDictionary(this.deps.db, userId, dictionaryId, versionId);
    if (found) return found;
    if (versionId && (await findDictionary(this.deps.db, userId, dictionaryId))) {
      throw new AppError('PRONUNCIATION_VERSION_NOT_FOUND');
    }
    throw new AppError('PRONUNCIATION_DICTIONARY_NOT_FOUND');
  }

  async list(userId: string, page: { size: number; cursor?: string | null | undefined }): Promise<DictionaryPage> {
    const rows = await listDictionaries(this.deps.db, userId, {
      limit: page.size + 1,
      after: decodeCursor(page.cursor),
    });
    const dictionaries = rows.slice(0, page.size);
    const last = dictionaries.at(-1);
    return { dictionaries, nextCursor: rows.length > page.size && last ? encodeCursor(last) : null };
  }

  /** Every rule replaced by `rules`, as a new version. */
  replaceRules(userId: string, dictionaryId: string, rules: PronunciationRule[]): Promise<DictionaryVersion> {
    return this.changeRules(userId, dictionaryId, () => rules);
  }

  /** Rules added as a new version; an added rule replaces one for the same text. */
  addRules(userId: string, dictionaryId: string, rules: PronunciationRule[]): Promise<DictionaryVersion> {
    return this.changeRules(userId, dictionaryId, (existing) => mergeRules(existing, rules));
  }

  /** The rules for these texts removed, as a new version (texts without a rule are ignored). */
  removeRules(userId: string, dictionaryId: string, ruleStrings: string[]): Promise<DictionaryVersion> {
    const removed = new Set(ruleStrings);
    return this.changeRules(userId, dictionaryId, (existing) =>
      existing.filter((rule) => !removed.has(rule.string_to_replace)),
    );
  }

  async remove(userId: string, dictionaryId: string): Promise<void> {
    if (!(await deleteDictionary(this.deps.db, userId, dictionaryId))) {
      throw new AppError('PRONUNCIATION_DICTIONARY_NOT_FOUND');
    }
  }

  /** A dictionary version as a PLS document. */
  async exportPls(userId: string, dictionaryId: string, versionId?: string | null): Promise<string> {
    return writePls((await this.get(userId, dictionaryId, versionId)).rules);
  }

  /**
   * The rules of the dictionaries a request names, in its order (at most three, each the caller's
   * own), ready to rewrite its text for whichever engine speaks it; null when it names none.
   * Refused (404, 400) before anything is held.
   */
  async pronouncerFor(userId: string, locators: DictionaryLocator[]): Promise<Pronouncer | null> {
    if (locators.length === 0) return null;
    if (locators.length > MAX_DICTIONARIES_PER_REQUEST) {
      throw new AppError('PRONUNCIATION_TOO_MANY_DICTIONARIES', MAX_DICTIONARIES_PER_REQUEST);
    }
    const dictionaries = await Promise.all(
      locators.map((locator) => this.get(userId, locator.dictionaryId, locator.versionId)),
    );
    const rules = dictionaries.flatMap((dictionary) => dictionary.rules);
    return (text, engineId) => applyRules(text, rules, engineId);
  }

  private async changeRules(
    userId: string,
    dictionaryId: string,
    change: (existing: PronunciationRule[]) => PronunciationRule[],
  ): Promise<DictionaryVersion> {
    await inTransaction(this.deps.db, async (trx) => {
      const current = await findDictionary(trx, userId, dictionaryId, null, true);
      if (!current) throw new AppError('PRONUNCIATION_DICTIONARY_NOT_FOUND');
      const rules = change(current.rules);
      checkRules(rules);
      await addVersionIn(trx, dictionaryId, this.newId(), rules);
    });
    return this.get(userId, dictionaryId);
  }
}

/** Refuses a dictionary that would be too long, or phonemes we cannot read. */
function checkRules(rules: PronunciationRule[]): void {
  if (rules.length > DICTIONARY_MAX_RULES) throw new AppError('PRONUNCIATION_TOO_MANY_RULES', DICTIONARY_MAX_RULES);
  for (const rule of rules) {
    if (rule.type !== 'phoneme') continue;
    const problem = phonemeProblem(rule.phoneme, rule.alphabet);
    if (problem) throw new AppError('PRONUNCIATION_PHONEME_UNREADABLE', rule.string_to_replace, problem);
  }
}

function rulesOfPls(file: string): PronunciationRule[] {
  try {
    return readPls(file);
  } catch (error) {
    if (error instanceof PlsError) throw new AppError('PLS_UNREADABLE', error.message);
    throw error;
  }
}

/** A dictionary as the web app shows it. */
export function dictionaryView(dictionary: DictionaryVersion): PronunciationDictionary {
  return {
    id: dictionary.id,
    name: dictionary.name,
    description: dictionary.description,
    version_id: dictionary.version_id,
    rules: dictionary.rules,
    created_at: dictionary.created_at.toISOString(),
  };
}
