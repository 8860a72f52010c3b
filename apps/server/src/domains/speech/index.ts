// The speech domain's public surface: what other domains may use. Speech owns speech_tasks,
// sentence_takes and sentence_audio, so every write to them is here: history re-renders
// sentences, swaps takes, deletes and expires generations through it (in units of work history
// opens), and serves files with byte ranges; the public API and projects live a task's whole life
// through the task lifecycle (create, start, keep alive, complete, fail, end partly).
export { redirectToStorage, sendRanged } from './byte-range.js';
export {
  applyTakeChangeIn,
  countKeyTasks,
  deleteGenerationIn,
  dropAbandonedSentenceAudio,
  expireAudioIn,
  type TakeChange,
} from './generation-repository.js';
export { checkSubmissionLimits, type SpeechLimits } from './limits.js';
export { type SpokenChunk, speakInChunks } from './render.js';
export { type FirstTake, type NewTask, type SpeechTask, storedBytes, type TaskFiles, touchTask } from './repository.js';
export { newTakeId, renderSentences } from './sentence-render.js';
export { joinSentences } from './sentences.js';
export { taskVoice } from './speech-job.js';
export { failureOf, speechFailure, type TaskFailure, taskFailure } from './task-failure.js';
export {
  type AlongStep,
  completeTask,
  completeTaskIn,
  createTask,
  endTaskPartly,
  endTaskPartlyIn,
  failStalledTask,
  failTask,
  failTaskIn,
  keepTaskAlive,
  reportTaskProgress,
  startTask,
} from './task-lifecycle.js';
export { SPEECH_JOB_OPTIONS } from './speech-queue.js';
export { TaskMeter } from './task-metrics.js';
export { checkSpeechText } from './validation.js';
