import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { creditCost } from '../accounts/credits-repository.js';
import { findClonedVoice } from '../voices/repository.js';
import { fileKindFromName, verifyFileSignature } from './file-urls.js';
import { checkSubmissionLimits, type SpeechLimits } from './limits.js';
import { previewTextFor } from './preview-texts.js';
import { renderSpeech } from './render.js';
import { SPEECH_QUEUE } from './speech-job.js';
import { taskView } from './task-view.js';
import { createTask, failTask, listUserTasks, readableTask } from './tasks.js';
import { checkModelId, checkSpeechText, checkVoiceId, clampSettings, DEMO_MAX_TEXT_LENGTH } from './validation.js';

export interface SpeechRouteOptions {
  limits: SpeechLimits;
  /** Signs the capability URLs of task files. */
  fileSecret: string;
  /** Voice ids the anonymous demo may use. */
  demoVoiceIds: ReadonlySet<string>;
}

const DEFAULT_MODEL_A = 'speech-2.5-hd-preview';
/** The engine behind the landing demo's voices. */
const DEMO_ENGINE_ID = 'espeak';
/** Longer than any task may render (30 minutes), so the queue never hands a live task to a second worker. */
const JOB_EXPIRY_SECONDS = 40 * 60;
const providerARequest = z.object({
  text: z.unknown().optional(),
  model: z.string().optional(),
  voice_setting: z
    .object({
      voice_id: z.unknown().optional(),
      vol: z.number().optional(),
      pitch: z.number().optional(),
      speed: z.number().optional(),
    })
    .optional(),
  language_boost: z.string().optional(),
  with_transcript: z.boolean().optional(),
  receive_url: z.url({ protocol: /^https$/, message: 'receive_url must be an https URL' }).optional(),
});

const providerBRequest = z.object({
  text: z.unknown().optional(),
  voice_id: z.unknown().optional(),
  model_id: z.unknown().optional(),
  with_transcript: z.boolean().optional(),
  speed: z.number().optional(),
  pitch: z.number().optional(),
  volume: z.number().optional(),
});

const taskParams = z.object({ id: z.string().optional() });

/** Speech submission, task polling, voice and model lists, and the task files behind signed links. */
export function speechRoutes(options: SpeechRouteOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const engineFor = (provider: 'A' | 'B') => app.engines.forProvider(provider);
    // The demo's eSpeak engine is searched too: its voices keep their previews when clouds serve A and B.
    async function engineWithVoice(voiceId: string) {
      const demoEngine = app.engines.byId(DEMO_ENGINE_ID);
      for (const engine of new Set([engineFor('B'), engineFor('A'), ...(demoEngine ? [demoEngine] : [])])) {
        const voice = (await engine.listVoices()).find((candidate) => candidate.voice_id === voiceId);
        if (voice) return { engine, voice };
      }
      return null;
    }

    // Signs the caller in when a session cookie is present; the demo accepts anonymous callers.
    async function identifyUser(request: FastifyRequest, reply: FastifyReply) {
      if (!request.headers.cookie) return;
      try {
        await app.requireUser(request, reply);
      } catch (error) {
        if (!(error instanceof AppError && error.statusCode === 401)) throw error;
      }
    }

    async function submit(
      request: FastifyRequest,
      task: {
        provider: 'A' | 'B';
        text: string;
        voiceId: string;
        modelId: string;
        settings: ReturnType<typeof clampSettings> & { language?: string; withTranscript?: boolean };
      },
    ) {
      // The landing demo (a demo voice, at most 150 characters) is free and anonymous, signed in or
      // not; its tasks belong to no one and are readable by id. Everything else needs a session.
      // The demo voices are eSpeak voices, so demo tasks run on the embedded engine (free, offline)
      // whichever engine serves provider A: a cloud engine would not know their ids.
      const demoEngine = app.engines.byId(DEMO_ENGINE_ID);
      const demo =
        task.provider === 'A' &&
        demoEngine !== undefined &&
        options.demoVoiceIds.has(task.voiceId) &&
        task.text.length <= DEMO_MAX_TEXT_LENGTH;
      const userId = demo ? null : (request.user?.id ?? null);
      // A cloned voice is spoken by the engine that made it, whichever engine serves provider A now.
      let engineId = demo && demoEngine ? demoEngine.id : engineFor(task.provider).id;
      if (!demo) {
        if (!request.user) throw new AppError(401, 'User not authenticated. Please log in again.', 'UNAUTHENTICATED');
        const voices = await engineFor(task.provider).listVoices();
        const preset = voices.some((voice) => voice.voice_id === task.voiceId);
        // Provider A also speaks with the caller's own cloned voices.
        const cloned =
          !preset && task.provider === 'A' && (await findClonedVoice(app.db, request.user.id, task.voiceId));
        if (!preset && !cloned) {
          throw new AppError(
            400,
            'The selected voice is not available. Please select a different voice.',
            'UNKNOWN_VOICE',
          );
        }
        if (cloned) engineId = cloned.engine;
      }
      const { taskId } = await createTask(
        app.db,
        {
          userId,
          provider: task.provider,
          engine: engineId,
          voiceId: task.voiceId,
          modelId: task.modelId,
          text: task.text,
          settings: task.settings,
          cost: userId ? creditCost(task.text) : 0,
          clientIp: request.ip,
        },
        (trx) => checkSubmissionLimits(trx, options.limits, { userId, ip: request.ip }),
      );
      try {
        await app.jobs.send(
          SPEECH_QUEUE,
          { taskId },
          { retryLimit: 2, retryDelay: 2, expireInSeconds: JOB_EXPIRY_SECONDS },
        );
      } catch (error) {
        await failTask(app.db, taskId, 'Failed to start voice generation');
        throw error;
      }
      return { success: true, task_id: taskId, id: taskId, message: 'Task created' };
    }

    app.post(
      '/api/tts',
      {
        preHandler: identifyUser,
        schema: {
          tags: ['speech'],
          summary: 'Provider A speech (also the anonymous landing demo)',
          body: providerARequest,
        },
      },
      async (request) => {
        const body = request.body;
        const text = checkSpeechText(body.text);
        const voiceId = checkVoiceId(body.voice_setting?.voice_id);
        return submit(request, {
          provider: 'A',
          text,
          voiceId,
          modelId: body.model?.trim() || DEFAULT_MODEL_A,
          settings: {
            ...clampSettings(body.voice_setting ?? {}),
            language: body.language_boost ?? 'Auto',
            withTranscript: body.with_transcript ?? false,
            ...(body.receive_url ? { receiveUrl: body.receive_url } : {}),
          },
        });
      },
    );

    app.post(
      '/api/elevenlabs/tts',
      {
        preHandler: app.requireUser,
        schema: { tags: ['speech'], summary: 'Provider B speech', body: providerBRequest },
      },
      async (request) => {
        const body = request.body;
        const text = checkSpeechText(body.text);
        const voiceId = checkVoiceId(body.voice_id);
        const modelId = checkModelId(body.model_id);
        return submit(request, {
          provider: 'B',
          text,
          voiceId,
          modelId,
          settings: { ...clampSettings(body), withTranscript: body.with_transcript ?? false },
        });
      },
    );

    const readTask = async (request: FastifyRequest) => {
      const id = (request.params as { id?: string }).id?.trim();
      if (!id) throw new AppError(400, 'Task ID is required', 'TASK_ID_REQUIRED');
      const task = await readableTask(app.db, id, request.user?.id ?? null);
      return taskView(task, app.config.publicUrl, options.fileSecret);
    };
    for (const url of ['/api/task/:id', '/api/task/', '/api/elevenlabs/task/:id', '/api/elevenlabs/task/']) {
      app.get(
        url,
        {
          preHandler: identifyUser,
          schema: { tags: ['speech'], summary: 'A speech task, for polling', params: taskParams },
        },
        readTask,
      );
    }

    app.get(
      '/api/minimax/tasks',
      { preHandler: app.requireUser, schema: { tags: ['speech'], summary: 'The caller’s recent speech tasks' } },
      async (request) => {
        const userId = request.user?.id;
        if (!userId) throw new Error('requireUser let a request through without a user');
        const tasks = await listUserTasks(app.db, userId);
        return { items: tasks.map((task) => taskView(task, app.config.publicUrl, options.fileSecret)) };
      },
    );

    app.get('/api/elevenlabs/voices', { schema: { tags: ['speech'], summary: 'Provider B voices' } }, async () => ({
      voices: await engineFor('B').listVoices(),
    }));
    app.get('/api/elevenlabs/models', { schema: { tags: ['speech'], summary: 'Provider B models' } }, async () => ({
      models: await engineFor('B').listModels(),
    }));
    app.get('/api/minimax/voices', { schema: { tags: ['speech'], summary: 'Provider A preset voices' } }, async () => ({
      voices: await engineFor('A').listVoices(),
    }));

    // A voice's sample, rendered on first request and kept, so previews cost one synthesis each.
    app.get(
      '/api/voices/:voiceId/preview.mp3',
      {
        schema: {
          tags: ['speech'],
          summary: 'A short spoken sample of a preset voice',
          params: z.object({ voiceId: z.string().regex(/^[a-z0-9-]{1,64}$/) }),
        },
      },
      async (request, reply) => {
        const { voiceId } = request.params;
        const found = await engineWithVoice(voiceId);
        if (!found) throw new AppError(404, 'Voice not found', 'VOICE_NOT_FOUND');
        const { engine, voice } = found;
        // 'v2': previews speak the voice's own language (the first ones were all English).
        const key = `previews/${engine.id}/v2/${voiceId}.mp3`;
        if (!(await app.storage.stat(key))) {
          const sample = await renderSpeech(engine, {
            text: previewTextFor(voice.language),
            voiceId,
            modelId: null,
            speed: 1,
            pitch: 0,
            volume: 1,
            language: null,
          });
          await app.storage.put(key, sample.mp3);
        }
        reply.type('audio/mpeg').header('cache-control', 'public, max-age=86400');
        return reply.send(await app.storage.read(key));
      },
    );

    app.get(
      '/api/files/tasks/:taskId/:name',
      {
        schema: {
          tags: ['speech'],
          summary: 'A task’s audio or transcript, behind a signed, expiring link (range requests supported)',
          params: z.object({ taskId: z.string().regex(/^[a-f0-9]{32}$/), name: z.string() }),
          querystring: z.object({ expires: z.coerce.number().int(), sig: z.string() }),
        },
      },
      async (request, reply) => {
        const { taskId, name } = request.params;
        const kind = fileKindFromName(name);
        if (!kind || !verifyFileSignature(options.fileSecret, taskId, kind, request.query.expires, request.query.sig)) {
          throw new AppError(403, 'This link is invalid or has expired', 'BAD_FILE_LINK');
        }
        const key = `tasks/${taskId}/${name}`;
        const stat = await app.storage.stat(key);
        if (!stat) throw new AppError(404, 'File not found', 'FILE_NOT_FOUND');
        reply.header('access-control-allow-origin', '*');
        reply.header('accept-ranges', 'bytes');
        reply.header('cache-control', 'private, max-age=86400');
        reply.type(kind === 'audio' ? 'audio/mpeg' : 'text/plain; charset=utf-8');
        if (kind === 'audio') reply.header('content-disposition', 'inline; filename="generated-audio.mp3"');
        const range = parseRange(request.headers.range, stat.size);
        if (range === 'unsatisfiable') {
          reply.header('content-range', `bytes */${stat.size}`);
          return reply.status(416).send();
        }
        if (range) {
          reply.status(206);
          reply.header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`);
          reply.header('content-length', range.end - range.start + 1);
          return reply.send(await app.storage.read(key, range));
        }
        reply.header('content-length', stat.size);
        return reply.send(await app.storage.read(key));
      },
    );
  };
}

/** One `bytes=` range (the only kind audio players send); anything else gets the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from, to] = match;
  if (!from && !to) return null;
  let start: number;
  let end: number;
  if (!from) {
    start = Math.max(0, size - Number(to));
    end = size - 1;
  } else {
    start = Number(from);
    end = to ? Math.min(Number(to), size - 1) : size - 1;
  }
  if (start >= size || start > end) return 'unsatisfiable';
  return { start, end };
}
