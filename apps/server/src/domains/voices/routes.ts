import { randomBytes } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ClonedVoice, EngineError } from '../../engines/speech-engine.js';
import { AppError } from '../../http/errors.js';
import {
  countClonedVoices,
  deleteClonedVoice,
  findClonedVoice,
  listClonedVoices,
  saveClonedVoice,
  voiceLimitReached,
} from './repository.js';
import { checkSample, MAX_SAMPLE_BYTES, sampleTooLarge } from './sample-checks.js';

const DEFAULT_PREVIEW_TEXT = 'Hello! This is my new voice. I hope you enjoy listening to it.';
const MAX_PREVIEW_CHARS = 300;

interface CloneForm {
  audio: { bytes: Buffer; fileName: string } | null;
  voiceName: string;
  languageTag: string;
  previewText: string;
  noiseReduction: boolean;
}

/** Reads the clone form; a file over the size limit stops the upload at once with the spec's message. */
async function readCloneForm(request: FastifyRequest): Promise<CloneForm> {
  const fields = new Map<string, string>();
  let audio: CloneForm['audio'] = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'audio') audio = { bytes, fileName: part.filename };
      } else {
        fields.set(part.fieldname, String(part.value));
      }
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw sampleTooLarge(Math.max(MAX_SAMPLE_BYTES + 1, Number(request.headers['content-length'] ?? 0)));
    }
    if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError(400, 'Please upload an audio file first.', 'SAMPLE_MISSING');
    }
    throw error;
  }
  return {
    audio,
    voiceName: (fields.get('voice_name') ?? '').trim(),
    languageTag: (fields.get('language_tag') ?? '').trim() || 'English',
    previewText: (fields.get('preview_text') ?? '').trim() || DEFAULT_PREVIEW_TEXT,
    noiseReduction: (fields.get('need_noise_reduction') ?? 'true') !== 'false',
  };
}

const voiceParams = z.object({ id: z.string().optional() });

/** Cloned voices: create from a sample, list, hear the preview, delete. */
export const voiceRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_SAMPLE_BYTES, files: 1, fields: 10, fieldSize: 10_000 },
  });
  const engine = () => app.engines.forProvider('A');
  const userOf = (request: FastifyRequest) => {
    if (!request.user) throw new Error('requireUser let a request through without a user');
    return request.user.id;
  };

  app.post(
    '/api/voice/clone',
    {
      preHandler: app.requireUser,
      schema: { tags: ['voices'], summary: 'Clone a voice from a 10 s - 5 min sample (multipart form)' },
    },
    async (request) => {
      const userId = userOf(request);
      if ((await countClonedVoices(app.db, userId)) >= 5) throw voiceLimitReached();
      const form = await readCloneForm(request);
      if (!form.audio) throw new AppError(400, 'Please upload an audio file first.', 'SAMPLE_MISSING');
      if (!form.voiceName) throw new AppError(400, 'Voice name is required', 'VOICE_NAME_REQUIRED');
      if (form.previewText.length > MAX_PREVIEW_CHARS) {
        throw new AppError(400, 'Sample text must be 300 characters or less.', 'PREVIEW_TEXT_TOO_LONG');
      }
      const sample = await checkSample(form.audio.bytes);
      const cloner = engine();
      if (!cloner.cloneVoice) throw new AppError(501, 'Voice cloning is not available.', 'CLONING_UNAVAILABLE');

      // The sample is kept outside any served folder, under a name of our own.
      const sampleKey = `voice-samples/${userId}/${randomBytes(12).toString('hex')}.${sample.type}`;
      await app.storage.put(sampleKey, form.audio.bytes);
      let cloned: ClonedVoice;
      try {
        cloned = await cloner.cloneVoice({
          sample: form.audio.bytes,
          sampleFileName: form.audio.fileName,
          name: form.voiceName,
          language: form.languageTag,
          previewText: form.previewText,
          noiseReduction: form.noiseReduction,
        });
      } catch (error) {
        await app.storage.delete(sampleKey).catch(() => {});
        request.log.warn({ err: error, engine: cloner.id }, 'voice cloning failed');
        throw cloneFailure(error);
      }
      let previewKey: string | null = null;
      try {
        if (cloned.preview && 'bytes' in cloned.preview) {
          previewKey = `voice-previews/${cloned.voiceId}.mp3`;
          await app.storage.put(previewKey, cloned.preview.bytes);
        }
        const saved = await saveClonedVoice(app.db, {
          id: cloned.voiceId,
          userId,
          engine: cloner.id,
          name: form.voiceName,
          language: form.languageTag,
          approximate: cloned.approximate,
          sampleKey,
          previewKey,
        });
        const link = previewKey ? sampleLink(saved.id) : '';
        return {
          success: true,
          clone_voice_id: saved.id,
          voice_id: saved.id,
          id: saved.id,
          voice_name: saved.voice_name,
          mp3_link: link,
          approximate: saved.approximate,
        };
      } catch (error) {
        // Nothing is kept half-made: not our files, and not the engine's voice (for example after
        // losing the race for the fifth place).
        await cloner.deleteVoice?.(cloned.voiceId).catch(() => {});
        await app.storage.delete(sampleKey).catch(() => {});
        if (previewKey) await app.storage.delete(previewKey).catch(() => {});
        throw error;
      }
    },
  );

  app.get(
    '/api/voice/cloned',
    { preHandler: app.requireUser, schema: { tags: ['voices'], summary: 'The caller’s cloned voices, newest first' } },
    async (request) => {
      const voices = await listClonedVoices(app.db, userOf(request));
      return {
        voices: voices.map((voice) => ({
          voiceId: voice.id,
          voiceName: voice.voice_name,
          mp3Link: voice.preview_key ? sampleLink(voice.id) : '',
          createdAt: voice.created_at.toISOString(),
          approximate: voice.approximate,
          language: voice.language,
        })),
      };
    },
  );

  app.get(
    '/api/voice/:id/sample.mp3',
    {
      preHandler: app.requireUser,
      schema: { tags: ['voices'], summary: 'A cloned voice’s spoken preview', params: voiceParams },
    },
    async (request, reply) => {
      const voice = await findClonedVoice(app.db, userOf(request), request.params.id ?? '');
      if (!voice?.preview_key) throw new AppError(404, 'Voice not found', 'VOICE_NOT_FOUND');
      reply.type('audio/mpeg').header('cache-control', 'private, max-age=3600');
      return reply.send(await app.storage.read(voice.preview_key));
    },
  );

  for (const url of ['/api/voice/:id', '/api/voice/']) {
    app.delete(
      url,
      {
        preHandler: app.requireUser,
        schema: { tags: ['voices'], summary: 'Delete a cloned voice', params: voiceParams },
      },
      async (request) => {
        const voiceId = request.params.id?.trim();
        if (!voiceId) throw new AppError(400, 'Voice ID is required', 'VOICE_ID_REQUIRED');
        const userId = userOf(request);
        const voice = await findClonedVoice(app.db, userId, voiceId);
        if (!voice) throw new AppError(404, 'Voice not found', 'VOICE_NOT_FOUND');
        // The provider's copy goes first; a failure there is ignored, as the spec says.
        const owner = app.engines.byId(voice.engine);
        await owner?.deleteVoice?.(voiceId).catch((error: unknown) => {
          request.log.warn({ err: error, voiceId }, 'provider voice delete failed; removing ours anyway');
        });
        await deleteClonedVoice(app.db, userId, voiceId);
        await Promise.all(
          [voice.sample_key, voice.preview_key].map((key) => (key ? app.storage.delete(key).catch(() => {}) : null)),
        );
        return { success: true };
      },
    );
  }
};

/**
 * A failed clone as the clone screen's answer: a rate limit, a timeout or a sample the provider
 * measured out of range keep their own spec texts; any other failure is the spec's 'Failed to create
 * voice' (502 when the provider refused, 500 when something of ours broke).
 */
function cloneFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof EngineError) {
    if (error.code === 'rate_limited') return new AppError(429, error.message, 'CLONE_RATE_LIMITED');
    if (error.code === 'timeout') return new AppError(504, error.message, 'CLONE_TIMEOUT');
    if (error.code === 'invalid_input') return new AppError(400, error.message, 'CLONE_SAMPLE_REFUSED');
    return new AppError(502, 'Failed to create voice. Please try again.', 'CLONE_FAILED');
  }
  return new AppError(500, 'Failed to create voice. Please try again.', 'CLONE_FAILED');
}

const sampleLink = (voiceId: string) => `/api/voice/${encodeURIComponent(voiceId)}/sample.mp3`;
