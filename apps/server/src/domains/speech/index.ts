// The speech domain's public surface: what other domains may use. History re-renders sentences
// and serves files with byte ranges; the public API speaks text in chunks through the task rows
// speech owns.
export { redirectToStorage, sendRanged } from './byte-range.js';
export { type SpokenChunk, speakInChunks } from './render.js';
export { completeTask, createTask, endTaskPartly, storedBytes, touchTask } from './repository.js';
export { newTakeId, renderSentences } from './sentence-render.js';
export { joinSentences } from './sentences.js';
export { taskVoice } from './speech-job.js';
export { failureOf, speechFailure, taskFailure } from './task-failure.js';
export { checkSpeechText } from './validation.js';
