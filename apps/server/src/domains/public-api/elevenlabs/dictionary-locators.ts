import { MAX_DICTIONARIES_PER_REQUEST } from '@sayso/contract/pronunciation';
import { z } from 'zod';
import type { DictionaryLocator } from '../../pronunciation/index.js';

/** `pronunciation_dictionary_locators` on text-to-speech: at most three, as ElevenLabs allows. */
export const dictionaryLocators = z
  .array(
    z.object({
      pronunciation_dictionary_id: z.string().trim().min(1).max(64),
      version_id: z.string().trim().min(1).max(64).nullish(),
    }),
  )
  .max(MAX_DICTIONARIES_PER_REQUEST, {
    error: `at most ${MAX_DICTIONARIES_PER_REQUEST} pronunciation dictionaries may be applied to one request`,
  })
  .nullish();

/** Locators as the pronunciation service takes them. */
export const locatorsOf = (locators: z.infer<typeof dictionaryLocators>): DictionaryLocator[] =>
  (locators ?? []).map((locator) => ({
    dictionaryId: locator.pronunciation_dictionary_id,
    versionId: locator.version_id ?? null,
  }));
