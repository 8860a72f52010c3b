import type { ErrorBody } from '@sayso/contract/errors';
import type { SubmittedTask } from '@sayso/contract/speech';

/**
 * What a speech submission may answer (spec section 3): the submitted task, possibly without its
 * id (the caller then finds the task by its text), or the provider's error fields.
 */
export type TtsResponse = Partial<SubmittedTask> & Partial<ErrorBody> & { ec_code?: number | string; msg?: string };

/**
 * Reads the task id from a submission answer, throwing the spec's messages: an `error` field as
 * 'TTS Error: ' + error; a non-zero `ec_code` as 'TTS Error: ' + msg, else error, else 'Error code: N'.
 */
export function taskIdFrom(response: TtsResponse): string | null {
  // The spec checks `error` first: with both an error and a non-zero code, the error is shown.
  if (response.error) throw new Error(`TTS Error: ${response.error}`);
  const code = response.ec_code === undefined ? 0 : Number(response.ec_code);
  if (code !== 0 && !Number.isNaN(code)) {
    if (response.msg) throw new Error(`TTS Error: ${response.msg}`);
    throw new Error(`Error code: ${code}`);
  }
  return response.task_id ?? response.id ?? null;
}
