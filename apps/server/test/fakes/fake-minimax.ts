import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { splitSentences } from '../../src/audio/audio.js';
import { encodeMp3 } from '../../src/audio/mp3-stream.js';
import { decodeSample, sniffType } from '../../src/audio/probe.js';
import { runEspeak } from '../../src/engines/espeak/run.js';
import { placeholderSpeech } from './placeholder-speech.js';
import { serveOnLoopback } from './loopback.js';
import { writeTar } from './write-tar.js';

/** One request as the fake saw it, for assertions on exactly what an adapter sent. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  json: Record<string, unknown> | null;
  form: Record<string, string> | null;
}

export type Fault =
  | { kind: 'code'; code: number; message?: string }
  /** An HTTP error status; with `code`, the body is MiniMax's `base_resp` envelope instead of plain JSON. */
  | { kind: 'http'; status: number; retryAfter?: string; code?: number }
  | { kind: 'slow'; ms: number }
  /** The request is carried out at once, but the answer comes only after `ms` (as when a reply is lost). */
  | { kind: 'late'; ms: number }
  | { kind: 'truncated' }
  | { kind: 'malformed' };

/**
 * The system voices the fake offers, in the forms MiniMax's ids really take (a language word and a
 * name; a language word with spaces and parentheses, full-width ones included; the older
 * lowercase ids; a generated `moss_audio_` id), and the eSpeak voice that speaks for each.
 */
const SYSTEM_VOICES: Record<string, { name: string; espeak: string; description: string[] }> = {
  English_Graceful_Lady: { name: 'Graceful Lady', espeak: 'en-gb+f2', description: ['A graceful female voice.'] },
  English_Trustworthy_Man: { name: 'Trustworthy Man', espeak: 'en-us+m3', description: ['A steady male voice.'] },
  Spanish_Narrator: { name: 'Narrator', espeak: 'es+m1', description: ['A Spanish narrator.'] },
  Japanese_Whisper_Belle: { name: 'Whisper Belle', espeak: 'ja+f2', description: ['A soft female voice.'] },
  'Chinese (Mandarin)_Reliable_Executive': { name: '沉稳高管', espeak: 'cmn+m3', description: ['沉稳的男声。'] },
  'Cantonese_ProfessionalHost（F)': { name: '专业女主持', espeak: 'yue+f2', description: ['粤语女声。'] },
  'male-qn-qingse': { name: '青涩青年音色', espeak: 'cmn+m3', description: ['青涩的青年男声。'] },
  'female-shaonv': { name: '少女音色', espeak: 'cmn+f2', description: ['少女的声音。'] },
  moss_audio_7c3f9a2e1b4d: { name: '温柔讲述', espeak: 'cmn+f3', description: ['温柔的讲述声音。'] },
};

/** The models each speech endpoint's reference lists: the async one lists fewer than the sync one. */
const SYNC_MODELS = [
  'speech-2.8-hd',
  'speech-2.8-turbo',
  'speech-2.6-hd',
  'speech-2.6-turbo',
  'speech-02-hd',
  'speech-02-turbo',
  'speech-01-hd',
  'speech-01-turbo',
];
const ASYNC_MODELS = SYNC_MODELS.slice(0, 6);
const EMOTIONS = new Set(['happy', 'sad', 'angry', 'fearful', 'disgusted', 'surprised', 'calm', 'fluent', 'whisper']);
const SAMPLE_RATES = new Set([8000, 16000, 22050, 24000, 32000, 44100]);
const BITRATES = new Set([32000, 64000, 128000, 256000]);
const SYNC_FORMATS = new Set(['mp3', 'pcm', 'flac', 'wav']);
const ASYNC_FORMATS = new Set(['mp3', 'pcm', 'flac']);
/** The async body's documented fields; the fake refuses any other (the sync-only ones included). */
const ASYNC_FIELDS = new Set([
  'model',
  'text',
  'text_file_id',
  'voice_setting',
  'audio_setting',
  'pronunciation_dict',
  'language_boost',
  'voice_modify',
]);
const ASYNC_AUDIO_FIELDS = new Set(['audio_sample_rate', 'bitrate', 'format', 'channel']);

/** MiniMax's documented `language_boost` values (shared/reference/providers.md); anything else is 2013. */
const LANGUAGE_BOOSTS = new Set(
  (
    'Chinese|Chinese,Yue|English|Arabic|Russian|Spanish|French|Portuguese|German|Turkish|Dutch|Ukrainian|' +
    'Vietnamese|Indonesian|Japanese|Italian|Korean|Thai|Polish|Romanian|Greek|Czech|Finnish|Hindi|Bulgarian|' +
    'Danish|Hebrew|Malay|Persian|Slovak|Swedish|Croatian|Filipino|Hungarian|Norwegian|Slovenian|Catalan|' +
    'Nynorsk|Tamil|Afrikaans|auto'
  ).split('|'),
);

const VOICE_ID_RULE = /^[A-Za-z][A-Za-z0-9_-]{6,254}[A-Za-z0-9]$/;

/**
 * A MiniMax stand-in on loopback that speaks the documented protocol: Bearer auth, `base_resp`
 * envelopes (errors inside HTTP 200), sync and async speech with real MP3 (eSpeak NG honouring
 * speed, pitch and volume), subtitles, file upload, cloning, voice listing and deletion. It records
 * every request and can be told to fail in the ways the real service does.
 */
export async function startFakeMinimax(apiKey = 'test-minimax-key') {
  const requests: RecordedRequest[] = [];
  const faults: { path: string; fault: Fault }[] = [];
  const files = new Map<string, { bytes: Buffer; purpose: string; name: string; type: string }>();
  const clonedVoices = new Map<string, { espeak: string }>();
  /** Clones that have spoken: MiniMax lists a clone (and bills it) only from its first use. */
  const usedClones = new Set<string>();
  const deletedVoices = new Set<string>();
  const asyncTasks = new Map<string, { pollsLeft: number; fileId: string; ready: boolean }>();
  const state = {
    /** When set, only these models are accepted (others answer 2013); by default each endpoint's documented list. */
    acceptedModels: null as Set<string> | null,
    /** The async task id's documented type (string) or the one the documentation's example shows. */
    taskIdType: 'number' as 'number' | 'string',
    /** Async status spelling: 'Success' as documented, or 'success'. */
    statusCase: 'title' as 'title' | 'lower',
    /** Whether the file id is given at creation and in the query's success answer. */
    createFileId: true,
    queryFileId: true,
    /** Whether sync subtitles are a JSON list, one behind a byte-order mark, or something unreadable. */
    subtitles: 'json' as 'json' | 'bom' | 'malformed',
    /** How async tasks end, and after how many queries. */
    asyncOutcome: 'Success' as 'Success' | 'Failed' | 'Expired' | 'Processing',
    pollsBeforeDone: 2,
    /**
     * The async output: a tar with audio, titles and extra; the same with long names (PAX and GNU)
     * and an audio file named without an extension; the bare audio file; or a cut-off tar.
     */
    asyncOutput: 'tar' as 'tar' | 'long-names' | 'bare' | 'truncated-tar',
    /** Whether a clone's preview comes back as a link or, as it sometimes does, as "". */
    cloneDemo: 'link' as 'link' | 'empty',
    /** Speech from eSpeak, or silence of its length (`placeholder`) where only lengths and timing matter. */
    audio: 'espeak' as 'espeak' | 'placeholder',
  };
  let baseUrl = '';

  type VoiceSetting = { speed: number; vol: number; pitch: number };
  type Spoken = { mp3: Buffer; durationMs: number; titles: { text: string; time_begin: number; time_end: number }[] };
  /**
   * Speech already made, by everything that shapes it: tests that ask for the same long text more
   * than once (one per output form) pay for its synthesis and encoding once.
   */
  const spokenBefore = new Map<string, Promise<Spoken>>();

  function speak(voiceId: string, text: string, setting: VoiceSetting): Promise<Spoken> {
    if (clonedVoices.has(voiceId)) usedClones.add(voiceId);
    const espeak = SYSTEM_VOICES[voiceId]?.espeak ?? clonedVoices.get(voiceId)?.espeak ?? 'en-us+m3';
    const key = JSON.stringify([state.audio, espeak, text, setting.speed, setting.vol, setting.pitch]);
    const known = spokenBefore.get(key);
    if (known) return known;
    const spoken = synthesize(espeak, text, setting);
    spokenBefore.set(key, spoken);
    // A failed synthesis is not remembered: the next request tries again.
    spoken.catch(() => spokenBefore.delete(key));
    return spoken;
  }

  async function synthesize(espeak: string, text: string, setting: VoiceSetting): Promise<Spoken> {
    // The product's runner: eSpeak's WebAssembly is compiled once per process, not per request.
    const { samples, sampleRate } =
      state.audio === 'placeholder'
        ? placeholderSpeech(text, setting.speed)
        : await runEspeak(
            [
              '-v',
              espeak,
              '-s',
              String(Math.round(175 * setting.speed)),
              '-p',
              String(Math.max(0, Math.min(99, 50 + setting.pitch * 4))),
              '-a',
              String(Math.round(Math.min(200, 100 * setting.vol))),
            ],
            text,
          );
    const durationMs = (samples.length / sampleRate) * 1000;
    const sentences = splitSentences(text);
    const total = sentences.reduce((sum, sentence) => sum + sentence.length, 0);
    let at = 0;
    const titles = sentences.map((sentence) => {
      const length = (durationMs * sentence.length) / total;
      const line = { text: sentence, time_begin: Math.round(at), time_end: Math.round(at + length) };
      at += length;
      return line;
    });
    return { mp3: await encodeMp3(samples, sampleRate), durationMs, titles };
  }

  let fileCount = 0;
  const reserveFileId = () => {
    fileCount += 1;
    return String(Date.now() * 1000 + fileCount);
  };
  const storeFile = (bytes: Buffer, purpose: string, name: string, type = 'application/octet-stream') => {
    const id = reserveFileId();
    files.set(id, { bytes, purpose, name, type });
    return id;
  };
  const fileUrl = (id: string) => `${baseUrl}/download/${id}`;
  const ok = (body: object) => ({ ...body, base_resp: { status_code: 0, status_msg: 'success' } });
  const failure = (code: number, message: string) => ({ base_resp: { status_code: code, status_msg: message } });

  function checkVoiceSetting(setting: unknown): string | null {
    const value = setting as
      | { voice_id?: unknown; speed?: unknown; vol?: unknown; pitch?: unknown; emotion?: unknown }
      | undefined;
    if (!value || typeof value.voice_id !== 'string') return 'voice_setting.voice_id is required';
    if (value.emotion !== undefined && !EMOTIONS.has(String(value.emotion))) return 'emotion is not supported';
    const speed = value.speed ?? 1;
    const vol = value.vol ?? 1;
    const pitch = value.pitch ?? 0;
    if (typeof speed !== 'number' || speed < 0.5 || speed > 2) return 'speed must be within [0.5, 2]';
    if (typeof vol !== 'number' || vol <= 0 || vol > 10) return 'vol must be within (0, 10]';
    if (!Number.isInteger(pitch) || (pitch as number) < -12 || (pitch as number) > 12)
      return 'pitch must be an integer in [-12, 12]';
    return null;
  }
  /** The audio settings an endpoint documents: sample rate, bitrate, format and channels from its lists. */
  function checkAudioSetting(setting: unknown, endpoint: 'sync' | 'async'): string | null {
    if (setting === undefined) return null;
    const value = (setting ?? {}) as Record<string, unknown>;
    if (endpoint === 'async') {
      const unknown = Object.keys(value).find((key) => !ASYNC_AUDIO_FIELDS.has(key));
      if (unknown) return `audio_setting.${unknown} is not a field of this endpoint`;
    }
    const rate = endpoint === 'sync' ? value.sample_rate : value.audio_sample_rate;
    if (rate !== undefined && !SAMPLE_RATES.has(Number(rate))) return 'sample rate is not supported';
    if (value.bitrate !== undefined && !BITRATES.has(Number(value.bitrate))) return 'bitrate is not supported';
    const formats = endpoint === 'sync' ? SYNC_FORMATS : ASYNC_FORMATS;
    if (value.format !== undefined && !formats.has(String(value.format))) return 'format is not supported';
    if (value.channel !== undefined && value.channel !== 1 && value.channel !== 2) return 'channel must be 1 or 2';
    return null;
  }
  /** The checks every speech and clone body gets: a model the endpoint lists, a language_boost from its list. */
  function checkModelAndLanguage(json: Record<string, unknown>, models: string[] = SYNC_MODELS): object | null {
    const accepted = state.acceptedModels ?? new Set(models);
    if (json.model !== undefined && !accepted.has(String(json.model)))
      return failure(2013, `invalid params, model ${String(json.model)} is not supported`);
    if (json.language_boost !== undefined && !LANGUAGE_BOOSTS.has(String(json.language_boost)))
      return failure(2013, 'invalid params, language_boost');
    return null;
  }
  const voiceKnown = (voiceId: string) => voiceId in SYSTEM_VOICES || clonedVoices.has(voiceId);

  async function route(request: RecordedRequest, raw: IncomingMessage, body: Buffer): Promise<object | Buffer> {
    const json = request.json ?? {};
    switch (request.path) {
      case '/v1/t2a_v2': {
        if (typeof json.model !== 'string' || !json.model) return failure(2013, 'invalid params, model is required');
        if (typeof json.text !== 'string' || !json.text.trim())
          return failure(2013, 'invalid params, text is required');
        if (json.text.length >= 10_000) return failure(2013, 'invalid params, text length must be less than 10000');
        const refused = checkModelAndLanguage(json);
        if (refused) return refused;
        const problem = checkVoiceSetting(json.voice_setting);
        if (problem) return failure(2013, `invalid params, ${problem}`);
        const setting = json.voice_setting as { voice_id: string; speed?: number; vol?: number; pitch?: number };
        if (!voiceKnown(setting.voice_id)) return failure(20132, 'invalid samples or voice_id');
        const audioProblem = checkAudioSetting(json.audio_setting, 'sync');
        if (audioProblem) return failure(2013, `invalid params, ${audioProblem}`);
        const audio = json.audio_setting as { format?: string } | undefined;
        if (audio?.format && audio.format !== 'mp3') return failure(2013, 'the fake only speaks mp3');
        const spoken = await speak(setting.voice_id, json.text, {
          speed: setting.speed ?? 1,
          vol: setting.vol ?? 1,
          pitch: setting.pitch ?? 0,
        });
        const subtitleId = json.subtitle_enable
          ? storeFile(
              Buffer.from(
                state.subtitles === 'malformed'
                  ? '[{"text": "cut'
                  : `${state.subtitles === 'bom' ? '\uFEFF' : ''}${JSON.stringify(spoken.titles)}`,
              ),
              'subtitle',
              'subtitle.json',
            )
          : null;
        return ok({
          data: {
            audio:
              json.output_format === 'url'
                ? fileUrl(storeFile(spoken.mp3, 't2a', 'audio.mp3'))
                : spoken.mp3.toString('hex'),
            status: 2,
            ...(subtitleId ? { subtitle_file: fileUrl(subtitleId) } : {}),
          },
          extra_info: {
            audio_length: Math.round(spoken.durationMs),
            audio_size: spoken.mp3.length,
            usage_characters: json.text.length,
            audio_format: 'mp3',
          },
          trace_id: randomBytes(8).toString('hex'),
        });
      }
      case '/v1/t2a_async_v2': {
        if (typeof json.model !== 'string' || !json.model) return failure(2013, 'invalid params, model is required');
        if (typeof json.text !== 'string' || !json.text.trim())
          return failure(2013, 'invalid params, text is required');
        if (json.text.length > 50_000) return failure(2013, 'invalid params, text too long');
        const undocumented = Object.keys(json).find((key) => !ASYNC_FIELDS.has(key));
        if (undocumented) return failure(2013, `invalid params, ${undocumented} is not a field of this endpoint`);
        const refused = checkModelAndLanguage(json, ASYNC_MODELS);
        if (refused) return refused;
        const problem = checkVoiceSetting(json.voice_setting) ?? checkAudioSetting(json.audio_setting, 'async');
        if (problem) return failure(2013, `invalid params, ${problem}`);
        const setting = json.voice_setting as { voice_id: string; speed?: number; vol?: number; pitch?: number };
        if (!voiceKnown(setting.voice_id)) return failure(20132, 'invalid samples or voice_id');
        const taskId = Date.now() + asyncTasks.size;
        // The output's file id is known at creation, as MiniMax's answer carries it.
        const task = { pollsLeft: state.pollsBeforeDone, fileId: reserveFileId(), ready: false };
        asyncTasks.set(String(taskId), task);
        // Like the real service, the task is accepted at once and made in the background.
        const text = json.text;
        const voiceSetting = { speed: setting.speed ?? 1, vol: setting.vol ?? 1, pitch: setting.pitch ?? 0 };
        // Documented as a string; the documentation's example shows a number: the fake sends either.
        const accepted = ok({
          task_id: state.taskIdType === 'number' ? taskId : String(taskId),
          file_id: state.createFileId ? Number(task.fileId) : 0,
          usage_characters: text.length,
        });
        // A task that will end Failed or Expired never needs its audio, so none is made for it.
        if (state.asyncOutcome !== 'Success') return accepted;
        void speak(setting.voice_id, text, voiceSetting).then((spoken) => {
          const folder = `${'t2a_async_output_'.repeat(5)}${taskId}`;
          const tar = () =>
            state.asyncOutput === 'long-names'
              ? writeTar([
                  { name: `${folder}/audio`, bytes: spoken.mp3, longName: 'pax' },
                  {
                    name: `${folder}/output.titles`,
                    bytes: Buffer.from(JSON.stringify(spoken.titles)),
                    longName: 'gnu',
                  },
                ])
              : writeTar([
                  { name: 'output.mp3', bytes: spoken.mp3 },
                  { name: 'output.titles', bytes: Buffer.from(JSON.stringify(spoken.titles)) },
                  { name: 'output.extra', bytes: Buffer.from(JSON.stringify({ audio_length: spoken.durationMs })) },
                ]);
          const output =
            state.asyncOutput === 'bare'
              ? spoken.mp3
              : state.asyncOutput === 'truncated-tar'
                ? tar().subarray(0, 512 + Math.floor(spoken.mp3.length / 2))
                : tar();
          const name = state.asyncOutput === 'bare' ? 'output.mp3' : 'output.tar';
          files.set(task.fileId, { bytes: output, purpose: 't2a_async', name, type: 'application/octet-stream' });
          task.ready = true;
        });
        return accepted;
      }
      case '/v1/query/t2a_async_query_v2': {
        const task = asyncTasks.get(request.query.task_id ?? '');
        if (!task) return failure(2013, 'invalid params, task not found');
        task.pollsLeft -= 1;
        const waiting =
          task.pollsLeft > 0 ||
          state.asyncOutcome === 'Processing' ||
          (state.asyncOutcome === 'Success' && !task.ready);
        const status = waiting ? 'Processing' : state.asyncOutcome;
        const success = status === 'Success' && state.queryFileId;
        return ok({
          task_id: request.query.task_id,
          status: state.statusCase === 'title' ? status : status.toLowerCase(),
          ...(success ? { file_id: Number(task.fileId) } : {}),
        });
      }
      case '/v1/files/retrieve': {
        const id = request.query.file_id ?? '';
        const file = files.get(id);
        if (!file) return failure(2013, 'invalid params, file not found');
        return ok({
          file: {
            file_id: Number(id),
            bytes: file.bytes.length,
            created_at: 0,
            filename: file.name,
            purpose: file.purpose,
            download_url: fileUrl(id),
          },
        });
      }
      case '/v1/files/upload': {
        const form = await new Request(`http://fake${raw.url}`, {
          method: 'POST',
          headers: raw.headers as Record<string, string>,
          body: new Uint8Array(body),
        }).formData();
        const purpose = String(form.get('purpose') ?? '');
        const file = form.get('file');
        request.form = { purpose, file: file instanceof File ? file.name : '' };
        if (!['voice_clone', 'prompt_audio', 't2a_async_input'].includes(purpose))
          return failure(2013, 'invalid params, purpose');
        if (!(file instanceof File)) return failure(2013, 'invalid params, file is required');
        const bytes = Buffer.from(await file.arrayBuffer());
        const id = storeFile(bytes, purpose, file.name, file.type);
        return ok({ file: { file_id: Number(id), bytes: bytes.length, created_at: 0, filename: file.name, purpose } });
      }
      case '/v1/voice_clone': {
        const file = files.get(String(json.file_id ?? ''));
        if (file?.purpose !== 'voice_clone') return failure(2013, 'invalid params, file_id');
        const voiceId = String(json.voice_id ?? '');
        if (!VOICE_ID_RULE.test(voiceId)) return failure(2013, 'invalid params, voice_id');
        if (clonedVoices.has(voiceId) || deletedVoices.has(voiceId) || voiceId in SYSTEM_VOICES)
          return failure(2039, 'voice_id duplicate');
        const type = sniffType(file.bytes);
        if (type !== 'mp3' && type !== 'wav') return failure(2013, 'invalid params, sample format');
        const seconds = (await decodeSample(file.bytes, type)).durationMs / 1000;
        if (seconds < 10 || seconds > 300) return failure(2037, 'voice clone sample duration too short or too long');
        if (json.text !== undefined && typeof json.model !== 'string')
          return failure(2013, 'invalid params, model is required with text');
        const refused = checkModelAndLanguage(json);
        if (refused) return refused;
        clonedVoices.set(voiceId, { espeak: 'en-us+f2' });
        let demo = '';
        if (typeof json.text === 'string' && json.text && state.cloneDemo === 'link') {
          demo = fileUrl(
            storeFile((await speak(voiceId, json.text, { speed: 1, vol: 1, pitch: 0 })).mp3, 'demo', 'demo.mp3'),
          );
          // Speaking the preview is not the voice's first use: it still goes unlisted.
          usedClones.delete(voiceId);
        }
        return ok({ demo_audio: demo, input_sensitive: false, extra_info: {} });
      }
      case '/v1/get_voice': {
        const type = json.voice_type;
        if (!['system', 'voice_cloning', 'voice_generation', 'all'].includes(String(type)))
          return failure(2013, 'invalid params, voice_type');
        return ok({
          system_voice:
            type === 'system' || type === 'all'
              ? Object.entries(SYSTEM_VOICES).map(([voice_id, voice]) => ({
                  voice_id,
                  voice_name: voice.name,
                  description: voice.description,
                }))
              : null,
          voice_cloning:
            type === 'voice_cloning' || type === 'all'
              ? [...clonedVoices.keys()]
                  .filter((voice_id) => usedClones.has(voice_id))
                  .map((voice_id) => ({ voice_id, description: [], created_time: '2026-11-23' }))
              : null,
          voice_generation: null,
        });
      }
      case '/v1/delete_voice': {
        const voiceId = String(json.voice_id ?? '');
        if (json.voice_type !== 'voice_cloning' || !clonedVoices.has(voiceId))
          return failure(2013, 'invalid params, voice_id');
        clonedVoices.delete(voiceId);
        usedClones.delete(voiceId);
        deletedVoices.add(voiceId);
        return ok({ voice_id: voiceId, created_time: '2026-11-23' });
      }
      default:
        return Buffer.from('not found');
    }
  }

  async function handle(raw: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(raw.url ?? '/', 'http://fake');
    const isJson = String(raw.headers['content-type'] ?? '').startsWith('application/json');
    const recorded: RecordedRequest = {
      method: raw.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: raw.headers,
      json: isJson ? (JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>) : null,
      form: null,
    };
    const faultIndex = faults.findIndex((entry) => url.pathname.startsWith(entry.path));
    const fault = faultIndex >= 0 ? faults.splice(faultIndex, 1)[0]?.fault : undefined;
    if (fault?.kind === 'http') {
      if (!url.pathname.startsWith('/download/')) requests.push(recorded);
      const body = fault.code === undefined ? '{"error":"injected"}' : JSON.stringify(failure(fault.code, 'injected'));
      response
        .writeHead(fault.status, {
          'content-type': 'application/json',
          ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
        })
        .end(body);
      return;
    }
    // Downloads are pre-signed links: no key, no envelope, and not recorded as API calls.
    if (url.pathname.startsWith('/download/')) {
      const file = files.get(url.pathname.slice('/download/'.length));
      response.writeHead(file ? 200 : 404).end(file?.bytes ?? 'gone');
      return;
    }
    requests.push(recorded);
    if (fault?.kind === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault?.kind === 'code') {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(failure(fault.code, fault.message ?? 'injected')));
      return;
    }
    if (raw.headers.authorization !== `Bearer ${apiKey}`) {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(failure(1004, 'authorized failed')));
      return;
    }
    const answer = await route(recorded, raw, body);
    if (fault?.kind === 'late') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (Buffer.isBuffer(answer)) {
      response.writeHead(404).end(answer);
      return;
    }
    const text = JSON.stringify(answer);
    if (fault?.kind === 'truncated') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(text.slice(0, Math.floor(text.length / 2)));
      return;
    }
    if (fault?.kind === 'malformed') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('<html>upstream error</html>');
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(text);
  }

  const server = await serveOnLoopback(handle);
  baseUrl = server.url;
  return {
    url: baseUrl,
    apiKey,
    requests,
    state,
    clonedVoices,
    /** Makes the next request whose path starts with `path` fail this way. */
    fail(path: string, fault: Fault) {
      faults.push({ path, fault });
    },
    /** Runs `body` with the fake's behaviour changed, then puts the behaviour back. */
    async withState(changes: Partial<typeof state>, body: () => Promise<void>) {
      const before = { ...state };
      Object.assign(state, changes);
      try {
        await body();
      } finally {
        Object.assign(state, before);
      }
    },
    close: server.close,
  };
}

export type FakeMinimax = Awaited<ReturnType<typeof startFakeMinimax>>;
