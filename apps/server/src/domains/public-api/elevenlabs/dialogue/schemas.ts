import { MAX_TEXT_LENGTH } from '@sayso/contract/speech';
import { z } from 'zod';
import { dictionaryLocators } from '../dictionary-locators.js';
import { MAX_DIALOGUE_INPUTS, MAX_DIALOGUE_VOICES } from './service.js';

/** One line of ElevenLabs' dialogue: what is said, and the voice that says it. */
const dialogueInput = z.object({
  text: z.string().trim().min(1, 'text must not be empty'),
  voice_id: z.string().trim().min(1, 'voice_id must not be empty'),
});

/**
 * The body of POST /v1/text-to-dialogue and its stream, as the official SDK sends it. Fields we
 * cannot use (seed, stitching ids, neighbouring text, effects) are dropped; `settings` is accepted
 * and has no effect, as ElevenLabs' voice settings on text-to-speech.
 */
export const elevenLabsDialogueRequest = z
  .object({
    inputs: z
      .array(dialogueInput)
      .min(1, 'inputs must hold at least one line')
      .max(MAX_DIALOGUE_INPUTS, `inputs may hold at most ${MAX_DIALOGUE_INPUTS} lines`),
    model_id: z.string().trim().min(1).nullish(),
    language_code: z
      .string()
      .regex(/^[a-zA-Z]{2}$/, 'language_code must be an ISO 639-1 code such as "en"')
      .nullish(),
    settings: z.object({ stability: z.number().min(0).max(1).nullish() }).nullish(),
    pronunciation_dictionary_locators: dictionaryLocators,
  })
  .superRefine((body, context) => {
    const voices = new Set(body.inputs.map((input) => input.voice_id));
    if (voices.size > MAX_DIALOGUE_VOICES) {
      context.addIssue({
        code: 'custom',
        path: ['inputs'],
        message: `inputs may use at most ${MAX_DIALOGUE_VOICES} different voices`,
      });
    }
    const characters = body.inputs.reduce((sum, input) => sum + input.text.length, 0);
    if (characters > MAX_TEXT_LENGTH) {
      context.addIssue({
        code: 'custom',
        path: ['inputs'],
        message: `the inputs' texts together exceed the maximum length of ${MAX_TEXT_LENGTH.toLocaleString('en')} characters`,
      });
    }
  });
export type ElevenLabsDialogueRequest = z.infer<typeof elevenLabsDialogueRequest>;
