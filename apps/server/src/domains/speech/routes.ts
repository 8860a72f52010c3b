import { Readable } from 'node:stream';
import { errorBody } from '@sayso/contract/errors';
import {
  cloneSpeechRequest,
  modelList,
  preferences,
  preferencesUpdate,
  presetSpeechRequest,
  submittedTask,
  taskFileParams,
  taskFileQuery,
  taskList,
  taskParams,
  taskView,
  voiceList,
  voicePreviewParams,
} from '@sayso/contract/speech';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { redirectToStorage, sendRanged } from './byte-range.js';
import type { Caller, SpeechService, TaskFile } from './service.js';
import type { TaskAudioStreams } from './task-audio-stream.js';

const errors = { '4xx': errorBody };
/** A provider's voice or model list that failed or made no sense (the web app falls back to its own). */
const providerErrors = { 502: errorBody, 504: errorBody };

/** Speech submission, task polling, voice and model lists, previews, task files and preferences. */
export function speechRoutes(speech: SpeechService, audioStreams: TaskAudioStreams): FastifyPluginAsyncZod {
  return async (app) => {
    async function warmRendersFirst() {
      app.warmRenders();
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

    app.post(
      '/api/tts',
      {
        onRequest: identifyUser,
        schema: {
          tags: ['speech'],
          summary: 'Clone-studio speech (the spec’s provider A; also the anonymous landing demo)',
          body: cloneSpeechRequest,
          response: { 200: submittedTask, ...errors },
        },
      },
      async (request) => audioStreams.withStreamUrl(await speech.submitCloneSpeech(callerOf(request), request.body)),
    );

    app.post(
      '/api/elevenlabs/tts',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['speech'],
          summary: 'Preset-studio speech (the spec’s provider B)',
          body: presetSpeechRequest,
          response: { 200: submittedTask, ...errors },
        },
      },
      async (request) => audioStreams.withStreamUrl(await speech.submitPresetSpeech(callerOf(request), request.body)),
    );

    for (const url of ['/api/task/:id', '/api/task/', '/api/elevenlabs/task/:id', '/api/elevenlabs/task/']) {
      app.get(
        url,
        {
          onRequest: identifyUser,
          schema: {
            tags: ['speech'],
            summary: 'A speech task, for polling',
            params: taskParams,
            response: { 200: taskView, ...errors },
          },
        },
        async (request) => speech.readTask(request.params.id, request.user?.id ?? null),
      );
    }

    app.get(
      '/api/minimax/tasks',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['speech'],
          summary: 'The caller’s recent speech tasks',
          response: { 200: taskList, ...errors },
        },
      },
      async (request) => ({ items: await speech.listTasks(signedInUser(request)) }),
    );

    app.get(
      '/api/elevenlabs/voices',
      {
        schema: { tags: ['speech'], summary: 'Preset-studio voices', response: { 200: voiceList, ...providerErrors } },
        // A studio opening: its first Generate is seconds away.
        onRequest: warmRendersFirst,
      },
      async () => ({ voices: await speech.presetVoices('preset') }),
    );
    app.get(
      '/api/elevenlabs/models',
      {
        schema: { tags: ['speech'], summary: 'Preset-studio models', response: { 200: modelList, ...providerErrors } },
      },
      async () => ({ models: await speech.models('preset') }),
    );
    app.get(
      '/api/minimax/voices',
      {
        schema: {
          tags: ['speech'],
          summary: 'Clone-studio preset voices',
          response: { 200: voiceList, ...providerErrors },
        },
        onRequest: warmRendersFirst,
      },
      async () => ({ voices: await speech.presetVoices('clone') }),
    );

    app.get(
      '/api/voices/:voiceId/preview.mp3',
      {
        schema: {
          tags: ['speech'],
          summary: 'A short spoken sample of a preset voice (audio/mpeg)',
          params: voicePreviewParams,
          response: errors,
        },
      },
      async (request, reply) => sendPreview(reply, await speech.voicePreview(request.params.voiceId)),
    );

    app.get(
      '/api/files/tasks/:taskId/:name',
      {
        schema: {
          tags: ['speech'],
          summary: 'A task’s audio or transcript, behind a signed, expiring link (range requests supported)',
          description:
            'While the task is queued or processing, its audio link answers a live stream instead (the task’s ' +
            '`stream_url`): audio/mpeg, chunked, sentence by sentence as each is spoken, ending when the task is ' +
            'done; no ranges until then (a Range header is ignored and the stream starts at byte 0), and the ' +
            'connection breaks off when the task fails.',
          params: taskFileParams,
          querystring: taskFileQuery,
          response: errors,
        },
      },
      async (request, reply) => {
        const stopFollowing = new AbortController();
        const { taskId, name } = request.params;
        const live = await audioStreams.open(taskId, name, request.query, stopFollowing.signal);
        if (live) return sendLiveAudio(request, reply, live, stopFollowing);
        const file = await speech.taskFile(request.params.taskId, request.params.name, request.query);
        return sendTaskFile(reply, app.storage, file, request.headers.range);
      },
    );

    app.get(
      '/api/preferences',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['speech'],
          summary: 'The signed-in user’s preferences',
          response: { 200: preferences, ...errors },
        },
      },
      async (request) => speech.preferences(signedInUser(request)),
    );

    app.put(
      '/api/preferences',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['speech'],
          summary: 'Save the preferred voice',
          body: preferencesUpdate,
          response: { 200: preferences, ...errors },
        },
      },
      async (request) => speech.savePreferences(signedInUser(request), request.body),
    );
  };
}

const callerOf = (request: FastifyRequest): Caller => ({ userId: request.user?.id ?? null, ip: request.ip });

function signedInUser(request: FastifyRequest): string {
  if (!request.user) throw new Error('requireUser let a request through without a user');
  return request.user.id;
}

/** A preset voice's sample is the same for everyone, so any cache may keep it for a day. */
async function sendPreview(reply: FastifyReply, audio: Readable) {
  return reply.type('audio/mpeg').header('cache-control', 'public, max-age=86400').send(audio);
}

/**
 * Streams a task file to a player that may be on another origin (the link is the permission),
 * whole or as the one byte range it asked for.
 */
async function sendTaskFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: TaskFile,
  rangeHeader: string | undefined,
) {
  reply.header('access-control-allow-origin', '*');
  const contentType = file.kind === 'audio' ? 'audio/mpeg' : 'text/plain; charset=utf-8';
  const contentDisposition = file.kind === 'audio' ? 'inline; filename="generated-audio.mp3"' : undefined;
  if (
    await redirectToStorage(reply, storage, file.key, {
      contentType,
      ...(contentDisposition ? { contentDisposition } : {}),
    })
  ) {
    return reply;
  }
  reply.header('cache-control', 'private, max-age=86400');
  reply.type(contentType);
  if (contentDisposition) reply.header('content-disposition', contentDisposition);
  return sendRanged(reply, file, rangeHeader);
}

/**
 * The audio of a task still rendering, as it grows (decision 0025): no length and no ranges yet,
 * nothing any cache may keep, and the follower stops once the player hangs up.
 */
function sendLiveAudio(
  request: FastifyRequest,
  reply: FastifyReply,
  live: AsyncGenerator<Buffer>,
  stopFollowing: AbortController,
) {
  reply.header('access-control-allow-origin', '*');
  reply.header('cache-control', 'no-store');
  reply.header('accept-ranges', 'none');
  // The stream holds its connection for as long as the render: no keep-alive to hand back after it.
  reply.header('connection', 'close');
  reply.header('content-disposition', 'inline; filename="generated-audio.mp3"');
  reply.type('audio/mpeg');
  if (request.method === 'HEAD') {
    stopFollowing.abort();
    void live.return(undefined);
    return reply.send();
  }
  reply.raw.on('close', () => stopFollowing.abort());
  return reply.send(Readable.from(live, { objectMode: false }));
}
