import type { TaskView } from '@sayso/contract/speech';
import { errorMessage } from '../../http/error-codes.js';
import { signedFileUrl } from './file-urls.js';
import type { PolledTask } from './repository.js';

/**
 * A task as the spec's pollers read it (section 3 'Task (polled)'): both `task_id` and `id`, the
 * status words of section 4, progress, the error under both names with its code, and the audio URL at the top
 * level, in `result` and in `metadata`; while it waits, how many tasks are ahead of it; and while it
 * renders, the link its audio streams from as it is spoken.
 */
export function taskView(
  task: PolledTask,
  publicUrl: string,
  secret: string,
  queuePosition: number | null = null,
): TaskView {
  const done = task.status === 'done' && task.audio_key !== null;
  const audioUrl = done ? publicUrl + signedFileUrl(secret, task.id, 'audio').path : null;
  const transcriptUrl =
    done && task.transcript_key ? publicUrl + signedFileUrl(secret, task.id, 'transcript').path : null;
  // The same signed audio link: while the task renders it answers the live stream (decision 0025).
  const rendering = task.status === 'queued' || task.status === 'processing';
  const streamUrl = rendering ? publicUrl + signedFileUrl(secret, task.id, 'audio').path : null;
  const failed = task.status === 'failed';
  const error = failed ? (task.error ?? errorMessage('UNKNOWN_FAILURE')) : null;
  return {
    task_id: task.id,
    id: task.id,
    status: task.status,
    progress: task.progress,
    error_message: error,
    error,
    // A task that failed before codes were recorded has none: UNKNOWN_FAILURE is the honest code.
    error_code: failed ? (task.error_code ?? 'UNKNOWN_FAILURE') : null,
    result: done ? { audio_url: audioUrl, transcript_url: transcriptUrl, duration_ms: task.duration_ms } : null,
    audio_url: audioUrl,
    transcript_url: transcriptUrl,
    metadata: { audio_url: audioUrl, voice_id: task.voice_id, model_id: task.model_id },
    input: task.text,
    created_at: task.created_at.toISOString(),
    finished_at: task.finished_at?.toISOString() ?? null,
    queue_position: task.status === 'queued' ? queuePosition : null,
    stream_url: streamUrl,
  };
}
