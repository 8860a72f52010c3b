import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeMp3 } from '../../src/audio/mp3-stream.js';
import { runEspeak } from '../../src/engines/espeak/run.js';
import { placeholderSpeech } from './placeholder-speech.js';
import { serveOnLoopback } from './loopback.js';

export interface RecordedElevenLabsRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown> | null;
  form: Record<string, string | string[]> | null;
}

export type ElevenLabsFault =
  | { kind: 'error'; status: number; detail: unknown; retryAfter?: string }
  | { kind: 'slow'; ms: number }
  | { kind: 'truncated' }
  /** A 200 whose JSON is well formed but not what the route documents. */
  | { kind: 'malformed'; body: unknown };

interface FakeVoice {
  voice_id: string;
  name: string;
  category: string;
  labels: Record<string, string>;
  espeak: string;
  verified_languages: { language: string; model_id: string; accent: string; locale: string; preview_url: string }[];
}

const PRESET_VOICES: FakeVoice[] = [
  {
    voice_id: '21m00Tcm4TlvDq8ikWAM',
    name: 'Rachel',
    category: 'premade',
    labels: { accent: 'american', gender: 'female', age: 'young', descriptive: 'calm', use_case: 'narration' },
    espeak: 'en-us+f2',
    verified_languages: [
      { language: 'en', model_id: 'eleven_multilingual_v2', accent: 'american', locale: 'en-US', preview_url: '' },
    ],
  },
  {
    voice_id: 'JBFqnCBsd6RMkjVDRZzb',
    name: 'George',
    category: 'professional',
    labels: { accent: 'british', gender: 'male', age: 'middle_aged', descriptive: 'warm', use_case: 'narration' },
    espeak: 'en-gb+m3',
    verified_languages: [
      { language: 'en', model_id: 'eleven_multilingual_v2', accent: 'british', locale: 'en-GB', preview_url: '' },
      { language: 'es', model_id: 'eleven_multilingual_v2', accent: 'castilian', locale: 'es-ES', preview_url: '' },
    ],
  },
];

/**
 * The models, with the per-request caps the fake enforces. eleven_v3's cap has been published as
 * 3,000 and as 5,000 characters: the fake takes the stricter. `language_code` is accepted only by
 * the models whose reference says so, and eleven_v3 takes no request stitching.
 */
const MODELS = [
  {
    model_id: 'eleven_v3',
    name: 'Eleven v3',
    can_do_text_to_speech: true,
    max_characters_request_subscribed_user: 3_000,
  },
  {
    model_id: 'eleven_multilingual_v2',
    name: 'Eleven Multilingual v2',
    can_do_text_to_speech: true,
    max_characters_request_subscribed_user: 10_000,
  },
  {
    model_id: 'eleven_flash_v2_5',
    name: 'Eleven Flash v2.5',
    can_do_text_to_speech: true,
    max_characters_request_subscribed_user: 40_000,
  },
  {
    model_id: 'eleven_turbo_v2_5',
    name: 'Eleven Turbo v2.5',
    can_do_text_to_speech: true,
    max_characters_request_subscribed_user: 40_000,
  },
  {
    model_id: 'eleven_english_sts_v2',
    name: 'Eleven English v2 (speech to speech)',
    can_do_text_to_speech: false,
    max_characters_request_subscribed_user: 0,
  },
];

const LANGUAGE_CODE_MODELS = new Set(['eleven_turbo_v2_5', 'eleven_flash_v2_5']);

const detail = (type: string, code: string, message: string) => ({
  detail: { type, code, message, status: code, request_id: randomBytes(6).toString('hex'), param: null },
});

/**
 * An ElevenLabs stand-in on loopback that the official SDK accepts: `xi-api-key` auth, the voice
 * library, models, speech with per-character timestamps (real MP3 from eSpeak NG honouring
 * voice_settings.speed), instant cloning and deletion, and the `detail` error envelopes. It
 * records requests and fails on demand.
 */
export async function startFakeElevenLabs(apiKey = 'test-elevenlabs-key') {
  const requests: RecordedElevenLabsRequest[] = [];
  const faults: { path: string; fault: ElevenLabsFault }[] = [];
  const voices = new Map(PRESET_VOICES.map((voice) => [voice.voice_id, voice]));
  const deleted: string[] = [];
  /** Every `request-id` the fake gave, by speech request, so tests can check what came back as stitching. */
  const issuedRequestIds: string[] = [];
  const state = {
    /** Whether a new clone needs ElevenLabs' verification before it may speak. */
    requiresVerification: false,
    /** The label naming a voice's character: documented both as `descriptive` and as `description`. */
    labelKey: 'descriptive' as 'descriptive' | 'description',
    /** Whether voices come with a preview link or, as some do, with null. */
    previewUrls: false,
    /** Speech from eSpeak, or silence of its length (`placeholder`) where only lengths and timing matter. */
    audio: 'espeak' as 'espeak' | 'placeholder',
  };

  async function speak(voice: FakeVoice, text: string, speed: number) {
    // The product's runner: eSpeak's WebAssembly is compiled once per process, not per request.
    const { samples, sampleRate } =
      state.audio === 'placeholder'
        ? placeholderSpeech(text, speed)
        : await runEspeak(['-v', voice.espeak, '-s', String(Math.round(175 * speed))], text);
    const seconds = samples.length / sampleRate;
    const characters = [...text];
    const step = seconds / Math.max(1, characters.length);
    return {
      audio_base64: (await encodeMp3(samples, sampleRate)).toString('base64'),
      alignment: {
        characters,
        character_start_times_seconds: characters.map((_, i) => i * step),
        character_end_times_seconds: characters.map((_, i) => (i + 1) * step),
      },
    };
  }

  /** What the reference says a speech body may carry for a model: language_code and stitching. */
  function checkSpeechOptions(json: Record<string, unknown>, modelId: string): object | null {
    if (json.language_code != null && !LANGUAGE_CODE_MODELS.has(modelId)) {
      return detail('validation_error', 'unsupported_language_code', `${modelId} does not take language_code.`);
    }
    const ids = json.previous_request_ids ?? json.next_request_ids;
    if (Array.isArray(ids) && ids.length > 3) {
      return detail('validation_error', 'invalid_parameters', 'A maximum of 3 request_ids can be sent.');
    }
    if (modelId === 'eleven_v3') {
      if (json.previous_text != null || json.next_text != null) {
        return detail(
          'validation_error',
          'invalid_parameters',
          "Providing previous_text or next_text is not yet supported with the 'eleven_v3' model.",
        );
      }
      // Whether ElevenLabs refuses or ignores these for v3 is not documented; the fake refuses.
      if (json.previous_request_ids != null || json.next_request_ids != null) {
        return detail('validation_error', 'invalid_parameters', 'Request stitching is not available for eleven_v3.');
      }
    }
    return null;
  }

  /** One page of `/v2/voices`: `page_size` (at most 100) voices after `next_page_token`. */
  function voicePage(query: Record<string, string>) {
    const all = [...voices.values()].filter(
      (voice) => !query.search || voice.name.toLowerCase().includes(query.search.toLowerCase()),
    );
    const size = Math.min(100, Math.max(1, Number(query.page_size ?? 10) || 10));
    const start = query.next_page_token ? Number(Buffer.from(query.next_page_token, 'base64url').toString()) : 0;
    const page = all.slice(start, start + size);
    const more = start + size < all.length;
    return {
      voices: page.map(({ espeak: _espeak, ...voice }) => ({ ...voice, description: null, preview_url: null })),
      has_more: more,
      total_count: all.length,
      next_page_token: more ? Buffer.from(String(start + size)).toString('base64url') : null,
    };
  }

  async function route(
    request: RecordedElevenLabsRequest,
    raw: IncomingMessage,
    body: Buffer,
  ): Promise<[number, unknown]> {
    const { path } = request;
    if (request.method === 'GET' && path === '/v1/voices') {
      return [
        200,
        {
          voices: [...voices.values()].map(({ espeak: _espeak, labels, ...voice }) => {
            const { descriptive, ...rest } = labels;
            return {
              ...voice,
              labels: descriptive === undefined ? rest : { ...rest, [state.labelKey]: descriptive },
              description: `${voice.name}, a fake voice`,
              preview_url: state.previewUrls ? `${server.url}/previews/${voice.voice_id}.mp3` : null,
            };
          }),
        },
      ];
    }
    if (request.method === 'GET' && path === '/v1/models') return [200, MODELS];
    const speech = /^\/v1\/text-to-speech\/([^/]+?)(\/with-timestamps)?$/.exec(path);
    if (request.method === 'POST' && speech) {
      const voice = voices.get(decodeURIComponent(speech[1] ?? ''));
      if (!voice)
        return [404, { detail: { status: 'voice_not_found', message: 'A voice with the voice_id was not found.' } }];
      const json = request.json ?? {};
      if (typeof json.text !== 'string' || !json.text)
        return [422, { detail: [{ loc: ['body', 'text'], msg: 'Field required', type: 'missing' }] }];
      const model = MODELS.find((entry) => entry.model_id === (json.model_id ?? 'eleven_multilingual_v2'));
      if (!model?.can_do_text_to_speech) return [400, detail('invalid_request', 'model_not_found', 'Unknown model')];
      if (json.text.length > model.max_characters_request_subscribed_user) {
        return [
          400,
          detail(
            'validation_error',
            'max_character_limit_exceeded',
            `Text is ${json.text.length} characters; ${model.model_id} takes ${model.max_characters_request_subscribed_user}.`,
          ),
        ];
      }
      const refused = checkSpeechOptions(json, model.model_id);
      if (refused) return [400, refused];
      const speed = (json.voice_settings as { speed?: number } | undefined)?.speed ?? 1;
      if (speed < 0.7 || speed > 1.2)
        return [400, detail('validation_error', 'invalid_parameters', 'speed must be between 0.7 and 1.2')];
      if (request.query.output_format && !request.query.output_format.startsWith('mp3_')) {
        return [400, detail('validation_error', 'invalid_parameters', 'the fake only speaks mp3')];
      }
      const spoken = await speak(voice, json.text, speed);
      if (!speech[2]) return [200, Buffer.from(spoken.audio_base64, 'base64')];
      return [200, { ...spoken, normalized_alignment: spoken.alignment }];
    }
    if (request.method === 'GET' && path === '/v2/voices') return [200, voicePage(request.query)];
    if (request.method === 'POST' && path === '/v1/voices/add') {
      const form = await new Request(`http://fake${raw.url}`, {
        method: 'POST',
        headers: raw.headers as Record<string, string>,
        body: new Uint8Array(body),
      }).formData();
      const files = form.getAll('files').flatMap((entry) => (typeof entry === 'string' ? [] : [entry]));
      request.form = {
        name: String(form.get('name') ?? ''),
        files: files.map((file) => file.name),
        remove_background_noise: String(form.get('remove_background_noise') ?? ''),
      };
      if (!form.get('name'))
        return [422, { detail: [{ loc: ['body', 'name'], msg: 'Field required', type: 'missing' }] }];
      if (files.length === 0)
        return [422, { detail: [{ loc: ['body', 'files'], msg: 'Field required', type: 'missing' }] }];
      const voiceId = randomBytes(10).toString('base64url').slice(0, 20);
      voices.set(voiceId, {
        voice_id: voiceId,
        name: String(form.get('name')),
        category: 'cloned',
        labels: {},
        espeak: 'en-us+m3',
        verified_languages: [],
      });
      return [200, { voice_id: voiceId, requires_verification: state.requiresVerification }];
    }
    const voiceMatch = /^\/v1\/voices\/([^/]+)$/.exec(path);
    if (request.method === 'DELETE' && voiceMatch) {
      const voiceId = decodeURIComponent(voiceMatch[1] ?? '');
      if (!voices.has(voiceId)) return [404, { detail: { status: 'voice_not_found', message: 'Voice not found' } }];
      voices.delete(voiceId);
      deleted.push(voiceId);
      return [200, { status: 'ok' }];
    }
    return [404, { detail: 'Not Found' }];
  }

  async function handle(raw: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(raw.url ?? '/', 'http://fake');
    const isJson = String(raw.headers['content-type'] ?? '').startsWith('application/json');
    const recorded: RecordedElevenLabsRequest = {
      method: raw.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: raw.headers,
      json: isJson && body.length > 0 ? (JSON.parse(body.toString('utf8')) as Record<string, unknown>) : null,
      form: null,
    };
    requests.push(recorded);
    const send = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
      response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload));
    const index = faults.findIndex((entry) => url.pathname.startsWith(entry.path));
    const fault = index >= 0 ? faults.splice(index, 1)[0]?.fault : undefined;
    if (fault?.kind === 'error') {
      send(fault.status, fault.detail, fault.retryAfter ? { 'retry-after': fault.retryAfter } : {});
      return;
    }
    if (fault?.kind === 'malformed') {
      send(200, fault.body);
      return;
    }
    if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (raw.headers['xi-api-key'] !== apiKey) {
      send(401, detail('authentication_error', 'invalid_api_key', 'Invalid API key'));
      return;
    }
    const [status, payload] = await route(recorded, raw, body);
    // Every speech answer carries its id, which a later request may name to stitch onto it.
    const headers: Record<string, string> = {};
    if (status === 200 && recorded.path.startsWith('/v1/text-to-speech/')) {
      headers['request-id'] = randomBytes(10).toString('base64url').slice(0, 20);
      issuedRequestIds.push(headers['request-id']);
    }
    if (Buffer.isBuffer(payload)) {
      response.writeHead(status, { 'content-type': 'audio/mpeg', ...headers }).end(payload);
      return;
    }
    if (fault?.kind === 'truncated') {
      const text = JSON.stringify(payload);
      response
        .writeHead(status, { 'content-type': 'application/json', ...headers })
        .end(text.slice(0, Math.floor(text.length / 2)));
      return;
    }
    send(status, payload, headers);
  }

  const server = await serveOnLoopback(handle);
  return {
    url: server.url,
    apiKey,
    requests,
    deleted,
    voices,
    state,
    issuedRequestIds,
    /** Faults not yet served, in order; a test may clear them. */
    faults,
    fail(path: string, fault: ElevenLabsFault) {
      faults.push({ path, fault });
    },
    close: server.close,
  };
}

export type FakeElevenLabs = Awaited<ReturnType<typeof startFakeElevenLabs>>;
