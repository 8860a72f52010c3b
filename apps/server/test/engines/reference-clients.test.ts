import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sniffType } from '../../src/audio/probe.js';
import { readTar } from '../../src/audio/tar.js';
import { type FakeElevenLabs, startFakeElevenLabs } from '../fakes/fake-elevenlabs.js';
import { type FakeMinimax, startFakeMinimax } from '../fakes/fake-minimax.js';
import { spokenSample } from '../helpers/samples.js';

/**
 * The fakes checked against the providers' public references, not against our adapters: each is
 * driven by a small client written from the reference pages (request shapes as the references
 * print them, nothing imported from the adapters), so a fake that merely agrees with an adapter's
 * mistake fails here. Sources are listed in docs/providers.md.
 */
let minimax: FakeMinimax;
let elevenlabs: FakeElevenLabs;
beforeAll(async () => {
  [minimax, elevenlabs] = await Promise.all([startFakeMinimax(), startFakeElevenLabs()]);
});
afterAll(async () => {
  await Promise.all([minimax.close(), elevenlabs.close()]);
});

interface BaseResp {
  base_resp: { status_code: number; status_msg: string };
}

/** MiniMax's reference: Bearer key, JSON in, `base_resp` in every answer. */
async function minimaxPost<T>(path: string, body: unknown): Promise<T & BaseResp> {
  const response = await fetch(`${minimax.url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${minimax.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await response.json()) as T & BaseResp;
}
async function minimaxGet<T>(path: string): Promise<T & BaseResp> {
  const response = await fetch(`${minimax.url}${path}`, { headers: { Authorization: `Bearer ${minimax.apiKey}` } });
  return (await response.json()) as T & BaseResp;
}

/** The sync request of MiniMax's T2A HTTP reference, as its example prints it. */
const referenceSyncBody = (overrides: Record<string, unknown> = {}) => ({
  model: 'speech-2.8-hd',
  text: 'Today is a good day. Shall we go out for a walk?',
  stream: false,
  voice_setting: { voice_id: 'male-qn-qingse', speed: 1, vol: 1, pitch: 0, emotion: 'happy' },
  pronunciation_dict: { tone: ['omg/oh my god'] },
  audio_setting: { sample_rate: 32000, bitrate: 128000, format: 'mp3', channel: 1 },
  subtitle_enable: false,
  ...overrides,
});

describe('the fake MiniMax, driven from MiniMax’s reference', () => {
  it('speaks the reference’s sync example as hex MP3 with its extra info', async () => {
    const answer = await minimaxPost<{ data: { audio: string; status: number }; extra_info: { audio_length: number } }>(
      '/v1/t2a_v2',
      referenceSyncBody({ output_format: 'hex' }),
    );
    expect(answer.base_resp.status_code).toBe(0);
    expect(answer.data.status).toBe(2);
    expect(sniffType(Buffer.from(answer.data.audio, 'hex'))).toBe('mp3');
    expect(answer.extra_info.audio_length).toBeGreaterThan(500);
  });

  it.each([
    ['a model no current list names', { model: 'speech-2.5-hd-preview' }],
    ['an undocumented sample rate', { audio_setting: { sample_rate: 48000, bitrate: 128000, format: 'mp3' } }],
    ['an undocumented bitrate', { audio_setting: { sample_rate: 32000, bitrate: 96000, format: 'mp3' } }],
    ['an undocumented format', { audio_setting: { sample_rate: 32000, bitrate: 128000, format: 'ogg' } }],
    ['an undocumented emotion', { voice_setting: { voice_id: 'male-qn-qingse', emotion: 'excited' } }],
    ['text of 10,000 characters', { text: 'a'.repeat(10_000) }],
  ])('refuses %s with 2013 inside HTTP 200', async (_, overrides) => {
    const answer = await minimaxPost('/v1/t2a_v2', referenceSyncBody(overrides));
    expect(answer.base_resp.status_code).toBe(2013);
  });

  it('runs the async reference: create, query until Success, retrieve, and download a tar with the audio', async () => {
    const body = {
      model: 'speech-2.6-hd',
      text: 'A long text, spoken in the background. It has two sentences.',
      voice_setting: { voice_id: 'English_Graceful_Lady', speed: 1, vol: 1, pitch: 0 },
      audio_setting: { audio_sample_rate: 32000, bitrate: 128000, format: 'mp3', channel: 1 },
      language_boost: 'auto',
    };
    // The async schema has no subtitle_enable, no sample_rate, and no speech-01 models.
    expect((await minimaxPost('/v1/t2a_async_v2', { ...body, subtitle_enable: true })).base_resp.status_code).toBe(
      2013,
    );
    const withSyncRate = { ...body, audio_setting: { sample_rate: 32000, format: 'mp3' } };
    expect((await minimaxPost('/v1/t2a_async_v2', withSyncRate)).base_resp.status_code).toBe(2013);
    expect((await minimaxPost('/v1/t2a_async_v2', { ...body, model: 'speech-01-hd' })).base_resp.status_code).toBe(
      2013,
    );

    const created = await minimaxPost<{ task_id: string | number }>('/v1/t2a_async_v2', body);
    expect(created.base_resp.status_code).toBe(0);
    let state = { status: 'Processing', file_id: 0 as string | number };
    for (let poll = 0; poll < 200 && state.status !== 'Success'; poll += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      state = await minimaxGet(`/v1/query/t2a_async_query_v2?task_id=${created.task_id}`);
    }
    expect(state.status).toBe('Success');
    const file = await minimaxGet<{ file: { download_url: string } }>(`/v1/files/retrieve?file_id=${state.file_id}`);
    const archive = Buffer.from(await (await fetch(file.file.download_url)).arrayBuffer());
    expect(readTar(archive).some((entry) => sniffType(entry.bytes) === 'mp3')).toBe(true);
  });

  it('clones from an upload, lists the clone only after its first use, deletes it, and refuses its id again', async () => {
    const sample = await spokenSample();
    const form = new FormData();
    form.append('purpose', 'voice_clone');
    form.append('file', new Blob([new Uint8Array(sample.bytes)]), 'sample.wav');
    const upload = (await (
      await fetch(`${minimax.url}/v1/files/upload`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${minimax.apiKey}` },
        body: form,
      })
    ).json()) as { file: { file_id: number } } & BaseResp;
    expect(upload.base_resp.status_code).toBe(0);
    const voiceId = 'RefClientVoice01';
    const cloned = await minimaxPost('/v1/voice_clone', { file_id: upload.file.file_id, voice_id: voiceId });
    expect(cloned.base_resp.status_code).toBe(0);

    const listed = async () =>
      (
        await minimaxPost<{ voice_cloning: { voice_id: string }[] | null }>('/v1/get_voice', {
          voice_type: 'voice_cloning',
        })
      ).voice_cloning ?? [];
    expect((await listed()).map((voice) => voice.voice_id)).not.toContain(voiceId);
    const spoken = await minimaxPost('/v1/t2a_v2', referenceSyncBody({ voice_setting: { voice_id: voiceId } }));
    expect(spoken.base_resp.status_code).toBe(0);
    expect((await listed()).map((voice) => voice.voice_id)).toContain(voiceId);

    const deleted = await minimaxPost('/v1/delete_voice', { voice_type: 'voice_cloning', voice_id: voiceId });
    expect(deleted.base_resp.status_code).toBe(0);
    const again = await minimaxPost('/v1/voice_clone', { file_id: upload.file.file_id, voice_id: voiceId });
    expect(again.base_resp.status_code).toBe(2039);
  });

  it('lists system voices whose ids take MiniMax’s real forms', async () => {
    const answer = await minimaxPost<{ system_voice: { voice_id: string }[] }>('/v1/get_voice', {
      voice_type: 'system',
    });
    const ids = answer.system_voice.map((voice) => voice.voice_id);
    expect(ids).toEqual(
      expect.arrayContaining(['Chinese (Mandarin)_Reliable_Executive', 'female-shaonv', 'English_Graceful_Lady']),
    );
    expect(ids.some((id) => id.startsWith('moss_audio_'))).toBe(true);
  });

  it('answers a wrong key with 1004', async () => {
    const response = await fetch(`${minimax.url}/v1/t2a_v2`, {
      method: 'POST',
      headers: { Authorization: 'Bearer wrong', 'Content-Type': 'application/json' },
      body: JSON.stringify(referenceSyncBody()),
    });
    expect(((await response.json()) as BaseResp).base_resp.status_code).toBe(1004);
  });
});

/** ElevenLabs' reference: `xi-api-key`, JSON in; errors as `{detail: …}`. */
const elevenlabsFetch = (path: string, init: RequestInit = {}) =>
  fetch(`${elevenlabs.url}${path}`, {
    ...init,
    headers: { 'xi-api-key': elevenlabs.apiKey, 'Content-Type': 'application/json', ...init.headers },
  });
const RACHEL = '21m00Tcm4TlvDq8ikWAM';

describe('the fake ElevenLabs, driven from ElevenLabs’ reference', () => {
  it('lists eleven_v3 among the models with its per-request cap', async () => {
    const models = (await (await elevenlabsFetch('/v1/models')).json()) as {
      model_id: string;
      max_characters_request_subscribed_user: number;
    }[];
    expect(models.find((model) => model.model_id === 'eleven_v3')?.max_characters_request_subscribed_user).toBe(3_000);
  });

  it('stitches as the request-stitching guide does: audio bytes, a request-id header, and previous_request_ids', async () => {
    const previous: string[] = [];
    for (const text of ['The first paragraph of the text.', 'The second paragraph follows it.']) {
      const response = await elevenlabsFetch(`/v1/text-to-speech/${RACHEL}?output_format=mp3_44100_128`, {
        method: 'POST',
        body: JSON.stringify({ text, model_id: 'eleven_multilingual_v2', previous_request_ids: previous.slice(-3) }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/mpeg');
      expect(sniffType(Buffer.from(await response.arrayBuffer()))).toBe('mp3');
      const id = response.headers.get('request-id');
      expect(id).toMatch(/\S/);
      previous.push(id ?? '');
    }
    expect(elevenlabs.requests.at(-1)?.json?.previous_request_ids).toEqual([previous[0]]);
  });

  it.each([
    [
      'more than three previous ids',
      { model_id: 'eleven_multilingual_v2', previous_request_ids: ['a', 'b', 'c', 'd'] },
    ],
    ['previous_text on eleven_v3', { model_id: 'eleven_v3', previous_text: 'Before.' }],
    ['language_code on multilingual v2', { model_id: 'eleven_multilingual_v2', language_code: 'en' }],
  ])('refuses %s with HTTP 400', async (_, body) => {
    const response = await elevenlabsFetch(`/v1/text-to-speech/${RACHEL}`, {
      method: 'POST',
      body: JSON.stringify({ text: 'Hello.', ...body }),
    });
    expect(response.status).toBe(400);
  });

  it('refuses text over the cap with max_character_limit_exceeded', async () => {
    const response = await elevenlabsFetch(`/v1/text-to-speech/${RACHEL}/with-timestamps`, {
      method: 'POST',
      body: JSON.stringify({ text: 'a'.repeat(3_001), model_id: 'eleven_v3' }),
    });
    expect(response.status).toBe(400);
    const { detail } = (await response.json()) as { detail: { status?: string; code?: string } };
    expect(detail.code ?? detail.status).toBe('max_character_limit_exceeded');
  });

  it('pages /v2/voices by next_page_token until has_more is false', async () => {
    const seen: string[] = [];
    let token: string | null = null;
    let total = 0;
    do {
      const query = new URLSearchParams({ page_size: '1', ...(token ? { next_page_token: token } : {}) });
      const page = (await (await elevenlabsFetch(`/v2/voices?${query}`)).json()) as {
        voices: { voice_id: string }[];
        has_more: boolean;
        total_count: number;
        next_page_token: string | null;
      };
      seen.push(...page.voices.map((voice) => voice.voice_id));
      total = page.total_count;
      token = page.has_more ? page.next_page_token : null;
    } while (token);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toContain(RACHEL);
  });

  it('answers a missing key with 401 and a detail', async () => {
    const response = await fetch(`${elevenlabs.url}/v1/voices`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ detail: expect.anything() });
  });
});
