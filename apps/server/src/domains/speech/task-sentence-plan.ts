import { splitSentences } from '../../audio/audio.js';
import type { SpeechEngineV1 } from '../../engines/speech-engine.js';
import type { SpeechTask } from './repository.js';
import { sentenceCacheKey } from './sentences.js';
import { taskVoice } from './speech-job.js';
import { checkSpeechText } from './validation.js';

/** The longest sentence piece a task is split into, whatever the engine would accept. */
const MAX_SENTENCE_CHARS = 400;

/** How a task's text becomes takes: its sentences in order, and the cache key each is stored under. */
export interface SentencePlan {
  texts: string[];
  cacheKeys: string[];
}

/**
 * The one place a task's text is cut into sentences and each given its cache key, so the render
 * (which stores each sentence under its key as soon as it is spoken) and the audio stream (which
 * follows those keys while the render runs) cannot disagree about what comes next. A task's
 * sentences are spoken with the engine's own seed (null); the demo's are scoped to its task.
 */
export function taskSentencePlan(
  task: Pick<SpeechTask, 'id' | 'user_id' | 'text' | 'engine' | 'model_id' | 'voice_id' | 'settings'>,
  engine: Pick<SpeechEngineV1, 'capabilities'>,
): SentencePlan {
  const texts = splitSentences(
    checkSpeechText(task.text),
    Math.min(MAX_SENTENCE_CHARS, engine.capabilities.maxCharsPerRequest),
  );
  const owner = task.user_id ?? `demo:${task.id}`;
  const voice = taskVoice(task);
  return { texts, cacheKeys: texts.map((text) => sentenceCacheKey(owner, voice, text, null)) };
}
