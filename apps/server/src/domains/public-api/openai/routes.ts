import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { OutputFormat } from '../../../audio/audio-output.js';
import { AppError } from '../../../http/errors.js';
import type { ApiKeyService } from '../../api-keys/index.js';
import type { ApiCatalogue, ApiVoice } from '../catalogue.js';
import { apiKeyGuard, bearerToken, principalWith } from '../principal.js';
import type { ApiSpeechService, SpeechStream } from '../speech-service.js';
import { sendPulled } from '../stream-body.js';
import { useOpenAiErrors } from './errors.js';
import {
  type OpenAiSpeechRequest,
  openAiErrorBody,
  openAiModelList,
  openAiSpeechRequest,
  openAiVoiceList,
} from './schemas.js';
import { OPENAI_VOICE_NAMES, resolveOpenAiVoice } from './voices.js';

/** OpenAI's speech models: each runs on the voice's engine with that engine's default model. */
const OPENAI_MODELS = ['gpt-4o-mini-tts', 'tts-1', 'tts-1-hd'];
/** OpenAI's raw PCM is always 24 kHz, 16-bit, little-endian mono; clients rely on that. */
const OPENAI_PCM_RATE = 24_000;
const SUPPORTED_FORMATS = ['mp3', 'opus', 'flac', 'wav', 'pcm'];

export interface OpenAiDeps {
  keys: ApiKeyService;
  catalogue: ApiCatalogue;
  speech: ApiSpeechService;
}

/** The OpenAI dialect, under /openai/v1, so the official SDK's `baseURL` is `http://host/openai/v1`. */
export const openAiRoutes =
  ({ keys, catalogue, speech }: OpenAiDeps): FastifyPluginAsyncZod =>
  async (app) => {
    useOpenAiErrors(app);
    const preHandler = apiKeyGuard(keys, bearerToken);
    const tags = ['OpenAI-compatible API'];
    const errors = { '4xx': openAiErrorBody, '5xx': openAiErrorBody };

    app.post(
      '/audio/speech',
      {
        preValidation: preHandler,
        schema: {
          tags,
          summary: 'Speak text (audio bytes, or server-sent events with stream_format "sse")',
          body: openAiSpeechRequest,
          response: errors,
        },
      },
      async function speak(request, reply) {
        const principal = principalWith(request, 'speech');
        const body = request.body;
        const voices = await catalogue.voices(principal.userId);
        const voiceId = resolveOpenAiVoice(typeof body.voice === 'string' ? body.voice : body.voice.id, voices);
        const warnings: string[] = [];
        const stream = await speech.open(principal, request.ip, {
          voiceId,
          text: body.input,
          modelId: await modelFor(catalogue, body.model),
          speed: speedFor(body.speed, warnings),
          language: null,
          format: outputFormat(body.response_format),
        });
        if (body.instructions) warnings.push('instructions are not followed by this engine and were ignored');
        if (warnings.length > 0) reply.header('x-sayso-warning', warnings.join('; '));
        reply.header('x-sayso-task-id', stream.taskId).header('cache-control', 'no-store');
        if (body.stream_format === 'sse') {
          return sendPulled(reply.header('x-accel-buffering', 'no'), 'text/event-stream', sseEvents(stream));
        }
        return sendPulled(reply, stream.contentType, audioBytes(stream));
      },
    );

    app.get(
      '/models',
      {
        preValidation: preHandler,
        schema: { tags, summary: 'Models you can name in `model`', response: { 200: openAiModelList, ...errors } },
      },
      async () => {
        const ours = (await catalogue.models()).map((model) => model.id);
        const ids = [...new Set([...OPENAI_MODELS, ...ours])];
        return {
          object: 'list' as const,
          data: ids.map((id) => ({ id, object: 'model' as const, created: 0, owned_by: 'sayso' })),
        };
      },
    );

    app.get(
      '/audio/voices',
      {
        preValidation: preHandler,
        schema: {
          tags,
          summary: 'Voices you can name in `voice`, your cloned voices included',
          response: { 200: openAiVoiceList, ...errors },
        },
      },
      async (request) => {
        const principal = principalWith(request, 'voices:read');
        const voices = await catalogue.voices(principal.userId);
        return { object: 'list' as const, data: voices.map((voice) => voiceView(voice, voices)) };
      },
    );
  };

function voiceView(voice: ApiVoice, all: ApiVoice[]) {
  return {
    id: voice.id,
    object: 'audio.voice' as const,
    name: voice.name,
    type: voice.kind === 'cloned' ? ('audio_sample' as const) : ('preset' as const),
    language: voice.language,
    gender: voice.preset?.gender ?? null,
    created_at: Math.floor((voice.createdAt?.getTime() ?? 0) / 1000),
    aliases: OPENAI_VOICE_NAMES.filter((name) => resolveOpenAiVoice(name, all) === voice.id),
  };
}

async function modelFor(catalogue: ApiCatalogue, model: string): Promise<string | null> {
  if (OPENAI_MODELS.includes(model)) return null;
  if ((await catalogue.models()).some((known) => known.id === model)) return model;
  throw new AppError('UNKNOWN_MODEL', model, '/models');
}

/** OpenAI allows 0.25-4; our engines speak 0.5-2, so speeds outside are brought in, with a warning. */
function speedFor(speed: number, warnings: string[]): number {
  const clamped = Math.min(2, Math.max(0.5, speed));
  if (clamped !== speed) warnings.push(`speed ${speed} is outside 0.5-2 and was set to ${clamped}`);
  return clamped;
}

/**
 * The encoder a `response_format` asks for. Everything else (OpenAI's aac, for which we have no
 * encoder, or a name OpenAI does not know either) is refused naming only the formats that work.
 */
function outputFormat(format: OpenAiSpeechRequest['response_format']): OutputFormat {
  // Opus at the nearest rate it takes above the engine's, FLAC at the engine's own: see decision 0022.
  if (format === 'mp3' || format === 'wav' || format === 'opus' || format === 'flac') {
    return { container: format, sampleRate: null };
  }
  if (format === 'pcm') return { container: 'pcm', sampleRate: OPENAI_PCM_RATE };
  throw new AppError('RESPONSE_FORMAT_UNSUPPORTED', format, SUPPORTED_FORMATS);
}

async function* audioBytes(stream: SpeechStream): AsyncGenerator<Buffer> {
  for await (const piece of stream.pieces()) if (piece.bytes.length > 0) yield piece.bytes;
}

/** OpenAI's speech events: one `speech.audio.delta` per piece of audio, then `speech.audio.done`. */
async function* sseEvents(stream: SpeechStream): AsyncGenerator<string> {
  const event = (data: object) => `data: ${JSON.stringify(data)}\n\n`;
  for await (const piece of stream.pieces()) {
    if (piece.bytes.length > 0) yield event({ type: 'speech.audio.delta', audio: piece.bytes.toString('base64') });
  }
  // The engines count characters, not tokens: usage reports the characters billed as input tokens.
  yield event({
    type: 'speech.audio.done',
    usage: { input_tokens: stream.characters, output_tokens: 0, total_tokens: stream.characters },
  });
}
