import type { CloneSpeechRequest } from '@sayso/contract/speech';
import type { PolledTask } from './poll-task';
import { spacedRequest } from './spaced-request';

/** The speech model every provider-A request names (spec section 3). */
export const PROVIDER_A_MODEL = 'speech-2.5-hd-preview';

type VoiceSetting = NonNullable<CloneSpeechRequest['voice_setting']>;

/**
 * Provider A's speech request (spec section 3) as the landing demo and the clone studio send it:
 * the contract's body with every field filled in but the callback URL, which the web app never asks for.
 */
export type ProviderASpeechRequest = Required<
  Omit<CloneSpeechRequest, 'receive_url' | 'voice_setting' | 'pronunciation_dictionary_ids'>
> & {
  voice_setting: Required<VoiceSetting>;
} & Pick<CloneSpeechRequest, 'pronunciation_dictionary_ids'>;

/** The request with the spec's fixed fields filled in. */
export function providerASpeechRequest(
  text: string,
  voiceId: string,
  { speed, volume, pitch }: { speed: number; volume: number; pitch: number },
  withTranscript: boolean,
): ProviderASpeechRequest {
  return {
    text,
    model: PROVIDER_A_MODEL,
    voice_setting: { voice_id: voiceId, vol: volume, pitch, speed },
    language_boost: 'Auto',
    with_transcript: withTranscript,
  };
}

/** POST /api/tts. The answer's shape is read by each caller, which words its failures its own way. */
export const submitProviderASpeech = <Answer>(body: ProviderASpeechRequest, init: RequestInit = {}) =>
  spacedRequest<Answer>('/tts', {
    ...init,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** GET /api/task/{id}: one reading of a provider-A task. */
export const getProviderATask = (taskId: string, init: RequestInit = {}) =>
  spacedRequest<PolledTask>(`/task/${encodeURIComponent(taskId)}`, init);
