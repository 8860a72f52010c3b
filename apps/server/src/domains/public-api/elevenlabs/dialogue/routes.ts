import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../../http/errors.js';
import {
  addMonthCharactersIn,
  type ApiKeyService,
  type ApiPrincipal,
  refundMonthCharactersIn,
} from '../../../api-keys/index.js';
import { PronunciationService } from '../../../pronunciation/index.js';
import { countKeyTasks } from '../../../speech/index.js';
import type { ApiCatalogue } from '../../catalogue.js';
import { apiKeyGuard, principalWith, xiApiKey } from '../../principal.js';
import { sendPulled } from '../../stream-body.js';
import { locatorsOf } from '../dictionary-locators.js';
import { useElevenLabsErrors } from '../errors.js';
import { parseOutputFormat } from '../output-format.js';
import { ERRORS, elevenLabsSpeechQuery, TAGS } from '../schemas.js';
import { ELEVENLABS_MODELS } from '../views.js';
import { type ElevenLabsDialogueRequest, elevenLabsDialogueRequest } from './schemas.js';
import type { DialogueCaller, DialogueRequest, DialogueService, DialogueStream } from './service.js';
import { dialogueTimestamps, dialogueWithTimestamps } from './timestamps.js';

export interface DialogueRouteDeps {
  keys: ApiKeyService;
  catalogue: ApiCatalogue;
  dialogue: DialogueService;
  /** The key's own limits, the same as for text-to-speech: a dialogue is one speech request. */
  requestsPerKeyPerMinute: number;
  activeRequestsPerKey: number;
}

/**
 * ElevenLabs' text-to-dialogue, registered under /elevenlabs/v1/text-to-dialogue: one audio of
 * every input, each line spoken by its voice, answered as it is spoken.
 */
export const elevenLabsDialogueRoutes =
  (deps: DialogueRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    useElevenLabsErrors(app);
    const preValidation = apiKeyGuard(deps.keys, xiApiKey);
    const pronunciation = new PronunciationService({ db: app.db });
    const routes = {
      '/': 'Speak a dialogue: every input’s text in its voice, one after another, in one audio',
      '/stream': 'Speak a dialogue, streaming the audio as each line is spoken',
    };
    for (const [url, summary] of Object.entries(routes)) {
      app.post(
        url,
        {
          preValidation,
          schema: {
            tags: TAGS,
            summary,
            querystring: elevenLabsSpeechQuery,
            body: elevenLabsDialogueRequest,
            response: ERRORS,
          },
        },
        async (request, reply) => {
          const stream = await open(request, request);
          return sendPulled(dialogueHeaders(reply, stream), stream.contentType, audioBytes(stream));
        },
      );
    }

    app.post(
      '/with-timestamps',
      {
        preValidation,
        schema: {
          tags: TAGS,
          summary:
            'Speak a dialogue, answering the audio (base64) with its characters’ times and each line’s voice segment',
          querystring: elevenLabsSpeechQuery,
          body: elevenLabsDialogueRequest,
          response: { 200: dialogueWithTimestamps, ...ERRORS },
        },
      },
      async (request, reply) => {
        const stream = await open(request, request);
        dialogueHeaders(reply, stream);
        return dialogueTimestamps(stream, () => request.raw.socket?.destroyed ?? false);
      },
    );

    /** A validated request admitted and paid for: every voice and the format are checked before anything is held. */
    async function open(request: FastifyRequest, { body, query }: DialogueRoute): Promise<DialogueStream> {
      const principal = principalWith(request, 'speech');
      const dialogue: DialogueRequest = {
        inputs: body.inputs.map((input) => ({ text: input.text, voiceId: input.voice_id })),
        modelId: await modelFor(deps.catalogue, body.model_id),
        speed: 1,
        language: body.language_code?.toLowerCase() ?? null,
        format: parseOutputFormat(query.output_format),
        pronounce: await pronunciation.pronouncerFor(
          principal.userId,
          locatorsOf(body.pronunciation_dictionary_locators),
        ),
      };
      return deps.dialogue.open(keyCaller(deps, principal, request.ip), dialogue);
    }
  };

/** What a dialogue route receives, once validated. */
interface DialogueRoute {
  body: ElevenLabsDialogueRequest;
  query: { output_format?: string | undefined };
}

/**
 * The key's limits, as text-to-speech counts them (its rate, the requests it has speaking, its
 * monthly cap), and the month's characters given back for what a dialogue did not spend.
 */
function keyCaller(deps: DialogueRouteDeps, principal: ApiPrincipal, clientIp: string): DialogueCaller {
  return {
    userId: principal.userId,
    clientIp,
    apiKeyId: principal.keyId,
    async admit(trx, characters) {
      const tasks = await countKeyTasks(trx, principal.keyId, 60);
      if (tasks.recent >= deps.requestsPerKeyPerMinute) {
        throw new AppError('KEY_RATE_LIMITED').withHeaders({ 'retry-after': '60' });
      }
      if (tasks.active >= deps.activeRequestsPerKey) {
        throw new AppError('KEY_RATE_LIMITED').withHeaders({ 'retry-after': '5' });
      }
      const used = await addMonthCharactersIn(trx, principal.keyId, characters);
      if (principal.monthlyCharacterCap !== null && used > principal.monthlyCharacterCap) {
        throw new AppError('KEY_CAP_REACHED');
      }
    },
    refund: (trx, characters, since) => refundMonthCharactersIn(trx, principal.keyId, characters, since),
  };
}

/** ElevenLabs' model ids speak with each voice's default model; our own ids name a model. */
async function modelFor(catalogue: ApiCatalogue, modelId: string | null | undefined): Promise<string | null> {
  if (!modelId || modelId in ELEVENLABS_MODELS) return null;
  if ((await catalogue.models()).some((model) => model.id === modelId)) return modelId;
  throw new AppError('UNKNOWN_MODEL', modelId, '/v1/models');
}

function dialogueHeaders(reply: FastifyReply, stream: DialogueStream): FastifyReply {
  return reply
    .header('request-id', stream.taskId)
    .header('history-item-id', stream.taskId)
    .header('x-sayso-task-id', stream.taskId)
    .header('character-cost', String(stream.characters))
    .header('x-sayso-warnings', encodeURIComponent(JSON.stringify(stream.warnings)))
    .header('cache-control', 'no-store');
}

async function* audioBytes(stream: DialogueStream): AsyncGenerator<Buffer> {
  for await (const piece of stream.pieces()) if (piece.bytes.length > 0) yield piece.bytes;
}
