/**
 * Every key the product stores a file under, built here and nowhere else, so the layout of the
 * storage folder reads in one place (and a change to it is one change):
 *
 *   tasks/<task id>/audio.mp3, tasks/<task id>/transcript.srt   a speech task's results
 *   previews/<engine id>/v2/<voice id>.mp3                      a preset voice's rendered sample
 *   voice-samples/<user id>/<random>.<mp3|wav>                  a cloned voice's uploaded sample
 *   voice-previews/<voice id>.mp3                               a cloned voice's spoken preview
 */

/** The files a speech task leaves, by the names its signed links carry. */
export const TASK_FILE_NAMES = { audio: 'audio.mp3', transcript: 'transcript.srt' } as const;
export type TaskFileKind = keyof typeof TASK_FILE_NAMES;

export const taskFileKey = (taskId: string, kind: TaskFileKind) => `tasks/${taskId}/${TASK_FILE_NAMES[kind]}`;

/** 'v2': previews speak the voice's own language (the first ones were all English). */
export const presetPreviewKey = (engineId: string, voiceId: string) => `previews/${engineId}/v2/${voiceId}.mp3`;

/** Samples are kept outside any served folder, under a name of our own (`token`), never the upload's. */
export const voiceSampleKey = (userId: string, token: string, type: 'mp3' | 'wav') =>
  `voice-samples/${userId}/${token}.${type}`;

export const clonedVoicePreviewKey = (voiceId: string) => `voice-previews/${voiceId}.mp3`;
