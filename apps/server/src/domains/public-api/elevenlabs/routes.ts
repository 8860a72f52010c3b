import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../http/errors.js';
import type { ApiKeyService, ApiPrincipal } from '../../api-keys/index.js';
import { PronunciationService } from '../../pronunciation/index.js';
import type { VoiceService } from '../../voices/index.js';
import type { ApiCatalogue } from '../catalogue.js';
import { apiKeyGuard, principalWith, xiApiKey } from '../principal.js';
import type { ApiSpeechRequest, ApiSpeechService, SpeechStream } from '../speech-service.js';
import { sendPulled } from '../stream-body.js';
import type { ApiUsageService } from '../usage-service.js';
import { joinAlignments, SpeechAligner } from './alignment.js';
import { ADD_VOICE_LIMITS } from './clone-form.js';
import { locatorsOf } from './dictionary-locators.js';
import { useElevenLabsErrors } from './errors.js';
import { parseOutputFormat } from './output-format.js';
import { elevenLabsPronunciationRoutes } from './pronunciation-routes.js';
import {
  type AudioWithTimestamps,
  audioWithTimestamps,
  type CharacterAlignment,
  type ElevenLabsSpeechRequest,
  ERRORS,
  elevenLabsSpeechQuery,
  elevenLabsSpeechRequest,
  elevenLabsVoiceParams,
  TAGS,
} from './schemas.js';
import { elevenLabsUserRoutes } from './user-routes.js';
import { ELEVENLABS_MODELS } from './views.js';
import { elevenLabsVoiceRoutes } from './voice-routes.js';
import { elevenLabsVoiceSearchRoutes } from './voice-search-routes.js';

export interface ElevenLabsDeps {
  keys: ApiKeyService;
  catalogue: ApiCatalogue;
  speech: ApiSpeechService;
  voices: VoiceService;
  usage: ApiUsageService;
}

/**
 * The ElevenLabs dialect, under /elevenlabs, so the official SDK's `baseUrl` is `http://host/elevenlabs`;
 * the key travels in `xi-api-key`, as ElevenLabs has it.
 */
export const elevenLabsRoutes =
  (deps: ElevenLabsDeps): FastifyPluginAsyncZod =>
  async (app) => {
    useElevenLabsErrors(app);
    await app.register(fastifyMultipart, { limits: ADD_VOICE_LIMITS });
    const preHandler = apiKeyGuard(deps.keys, xiApiKey);
    const { catalogue, speech } = deps;
    const pronunciation = new PronunciationService({ db: app.db });
    /** The request in our terms, with the pronunciation dictionaries it names (refused before anything is held). */
    const orderOf = async (request: SpeechRoute, principal: ApiPrincipal): Promise<ApiSpeechRequest> => ({
      ...(await speechRequest(catalogue, request)),
      pronounce: await pronunciation.pronouncerFor(
        principal.userId,
        locatorsOf(request.body.pronunciation_dictionary_locators),
      ),
    });
    const schema = {
      tags: TAGS,
      params: elevenLabsVoiceParams,
      querystring: elevenLabsSpeechQuery,
      body: elevenLabsSpeechRequest,
    };

    const audioRoutes = {
      '/v1/text-to-speech/:voice_id': 'Speak text (audio bytes in output_format, sent as they are spoken)',
      '/v1/text-to-speech/:voice_id/stream': 'Speak text, streaming the audio as each sentence is spoken',
    };
    for (const [url, summary] of Object.entries(audioRoutes)) {
      app.post(
        url,
        { preValidation: preHandler, schema: { ...schema, summary, response: ERRORS } },
        async (request, reply) => {
          const principal = principalWith(request, 'speech');
          const order = await orderOf(request, principal);
          const stream = await speech.open(principal, request.ip, order);
          return sendPulled(speechHeaders(reply, stream), stream.contentType, audioBytes(stream));
        },
      );
    }

    app.post(
      '/v1/text-to-speech/:voice_id/with-timestamps',
      {
        preValidation: preHandler,
        schema: {
          ...schema,
          summary: 'Speak text, answering the audio (base64) with the time of every character',
          response: { 200: audioWithTimestamps, ...ERRORS },
        },
      },
      async (request, reply) => {
        const principal = principalWith(request, 'speech');
        const order = await orderOf(request, principal);
        const stream = await speech.open(principal, request.ip, order);
        speechHeaders(reply, stream);
        return withTimestamps(stream, stream.spokenText, () => request.raw.socket?.destroyed ?? false);
      },
    );

    app.post(
      '/v1/text-to-speech/:voice_id/stream/with-timestamps',
      {
        preValidation: preHandler,
        schema: {
          ...schema,
          summary: 'Speak text, streaming lines of JSON: each sentence’s audio (base64) with its characters’ times',
          response: ERRORS,
        },
      },
      async (request, reply) => {
        const principal = principalWith(request, 'speech');
        const order = await orderOf(request, principal);
        const stream = await speech.open(principal, request.ip, order);
        return sendPulled(
          speechHeaders(reply, stream),
          'application/x-ndjson',
          timestampLines(stream, stream.spokenText),
        );
      },
    );

    elevenLabsPronunciationRoutes(app, { pronunciation, preHandler });
    elevenLabsVoiceRoutes(app, { ...deps, preHandler });
    elevenLabsVoiceSearchRoutes(app, { ...deps, preHandler });
    elevenLabsUserRoutes(app, { ...deps, preHandler });
  };

/** What a speech route receives, once validated. */
interface SpeechRoute {
  params: { voice_id: string };
  body: ElevenLabsSpeechRequest;
  query: { output_format?: string | undefined };
}

/** A request in ElevenLabs' terms as one for our speech service; the format is checked before anything is held. */
async function speechRequest(catalogue: ApiCatalogue, { params, body, query }: SpeechRoute): Promise<ApiSpeechRequest> {
  return {
    voiceId: params.voice_id,
    text: body.text,
    modelId: await modelFor(catalogue, body.model_id),
    speed: body.voice_settings?.speed ?? 1,
    language: body.language_code?.toLowerCase() ?? null,
    format: parseOutputFormat(query.output_format),
  };
}

/** ElevenLabs' model ids speak with the voice engine's default model; our own ids name a model. */
async function modelFor(catalogue: ApiCatalogue, modelId: string | null | undefined): Promise<string | null> {
  if (!modelId || modelId in ELEVENLABS_MODELS) return null;
  if ((await catalogue.models()).some((model) => model.id === modelId)) return modelId;
  throw new AppError('UNKNOWN_MODEL', modelId, '/v1/models');
}

/** ElevenLabs' headers naming the generation and its cost; our task id is its history item id. */
function speechHeaders(reply: FastifyReply, stream: SpeechStream): FastifyReply {
  return (
    reply
      .header('request-id', stream.taskId)
      .header('history-item-id', stream.taskId)
      .header('x-sayso-task-id', stream.taskId)
      .header('character-cost', String(stream.characters))
      // Pronunciation rules spoken otherwise than asked, as URL-encoded JSON (an empty list when none).
      .header('x-sayso-warnings', encodeURIComponent(JSON.stringify(stream.warnings)))
      .header('cache-control', 'no-store')
  );
}

async function* audioBytes(stream: SpeechStream): AsyncGenerator<Buffer> {
  for await (const piece of stream.pieces()) if (piece.bytes.length > 0) yield piece.bytes;
}

/**
 * The whole speech as one JSON answer. It can only be sent once it is all rendered, so a client
 * that leaves meanwhile stops the rendering at the next chunk (and pays only for what was rendered
 * before it left, as for a cut stream).
 */
async function withTimestamps(
  stream: SpeechStream,
  text: string,
  clientLeft: () => boolean,
): Promise<AudioWithTimestamps> {
  const aligner = new SpeechAligner(text);
  const audio: Buffer[] = [];
  const alignment: CharacterAlignment[] = [];
  const normalized: CharacterAlignment[] = [];
  for await (const piece of stream.pieces()) {
    audio.push(piece.bytes);
    if (piece.chunk) {
      const aligned = aligner.next(piece.chunk);
      alignment.push(aligned.alignment);
      normalized.push(aligned.normalized);
    }
    if (clientLeft()) break;
  }
  return {
    audio_base64: Buffer.concat(audio).toString('base64'),
    alignment: joinAlignments(alignment),
    normalized_alignment: joinAlignments(normalized),
  };
}

/** ElevenLabs' timestamped stream: one JSON object per line, each with its piece of audio and its characters. */
async function* timestampLines(stream: SpeechStream, text: string): AsyncGenerator<string> {
  const aligner = new SpeechAligner(text);
  for await (const piece of stream.pieces()) {
    const aligned = piece.chunk ? aligner.next(piece.chunk) : null;
    if (piece.bytes.length === 0 && !aligned) continue;
    const line = {
      audio_base64: piece.bytes.toString('base64'),
      alignment: aligned?.alignment ?? null,
      normalized_alignment: aligned?.normalized ?? null,
    };
    yield `${JSON.stringify(line)}\n`;
  }
}
