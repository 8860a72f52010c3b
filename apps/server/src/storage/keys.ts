/**
 * Every key the product stores a file under, built here and nowhere else, so the layout of the
 * storage folder reads in one place (and a change to it is one change):
 *
 *   tasks/<task id>/audio.mp3, tasks/<task id>/transcript.srt   a speech task's results
 *   previews/<engine id>/v2/<voice id>.mp3                      a preset voice's rendered sample
 *   voice-samples/<user id>/<random>.<mp3|wav>                  a cloned voice's uploaded sample
 *   voice-previews/<voice id>.mp3                               a cloned voice's spoken preview
 *   voice-references/<voice id>.f32                             a neural clone's reference audio
 *   tasks/<task id>/r<revision>/audio.mp3 (and transcript.srt)  results rebuilt after a sentence changed
 *   sentences/<user id or demo>/<cache key>.mp3                 one spoken sentence (a take), shared by
 *                                                               every take with the same cache key
 */

/** The files a speech task leaves, by the names its signed links carry. */
export const TASK_FILE_NAMES = { audio: 'audio.mp3', transcript: 'transcript.srt' } as const;
export type TaskFileKind = keyof typeof TASK_FILE_NAMES;

/** Revision 0 is the first render; each rebuild after a sentence changed writes under a new revision. */
export const taskFileKey = (taskId: string, kind: TaskFileKind, revision = 0) =>
  revision === 0 ? `tasks/${taskId}/${TASK_FILE_NAMES[kind]}` : `tasks/${taskId}/r${revision}/${TASK_FILE_NAMES[kind]}`;

export const sentenceAudioKey = (userId: string | null, cacheKey: string) =>
  `sentences/${userId ?? 'demo'}/${cacheKey}.mp3`;

/** 'v2': previews speak the voice's own language (the first ones were all English). */
export const presetPreviewKey = (engineId: string, voiceId: string) => `previews/${engineId}/v2/${voiceId}.mp3`;

/** Samples are kept outside any served folder, under a name of our own (`token`), never the upload's. */
export const voiceSampleKey = (userId: string, token: string, type: 'mp3' | 'wav') =>
  `voice-samples/${userId}/${token}.${type}`;

export const clonedVoicePreviewKey = (voiceId: string) => `voice-previews/${voiceId}.mp3`;

/** The cleaned sample a neural clone speaks from, kept in shared storage so every worker can read it. */
export const voiceReferenceKey = (voiceId: string) => `voice-references/${voiceId}.f32`;
