// The speech domain's public surface: what other domains may use. Speech owns speech_tasks,
// sentence_takes and sentence_audio, so every write to them is here: history re-renders
// sentences, swaps takes, deletes and expires generations through it, and serves files with byte
// ranges; the public API speaks text in chunks through the task rows and counts a key's requests.
export { redirectToStorage, sendRanged } from './byte-range.js';
export {
  applyTakeChange,
  countRecentKeyTasks,
  deleteGeneration,
  dropAbandonedSentenceAudio,
  expireAudio,
  type TakeChange,
} from './generation-repository.js';
export { type SpokenChunk, speakInChunks } from './render.js';
export { completeTask, endTaskPartly, storedBytes, touchTask } from './repository.js';
export { newTakeId, renderSentences } from './sentence-render.js';
export { joinSentences } from './sentences.js';
export { taskVoice } from './speech-job.js';
export { failureOf, speechFailure, taskFailure } from './task-failure.js';
export { createTask } from './task-lifecycle.js';
export { SPEECH_JOB_OPTIONS } from './speech-queue.js';
export { checkSpeechText } from './validation.js';
