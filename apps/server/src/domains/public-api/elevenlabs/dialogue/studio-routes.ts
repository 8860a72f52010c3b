import { errorBody } from '@sayso/contract/errors';
import { MAX_TEXT_LENGTH } from '@sayso/contract/speech';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signedInUser } from '../../../../http/session-guard.js';
import { checkSubmissionLimits, type SpeechLimits } from '../../../speech/index.js';
import { MAX_DIALOGUE_INPUTS, MAX_DIALOGUE_VOICES, type DialogueService } from './service.js';

/** The preset studio's dialogue: lines, each with a speaker's name (for the transcript) and a voice. */
export const studioDialogueRequest = z
  .object({
    lines: z
      .array(
        z.object({
          speaker: z
            .string()
            .trim()
            .min(1, 'Every line needs a speaker')
            .max(60, 'A speaker’s name is at most 60 characters'),
          voice_id: z.string().trim().min(1, 'Every line needs a voice'),
          text: z.string().trim().min(1, 'Every line needs some text'),
        }),
      )
      .min(1, 'Add at least one line')
      .max(MAX_DIALOGUE_INPUTS, `A dialogue has at most ${MAX_DIALOGUE_INPUTS} lines`),
    model_id: z.string().trim().min(1).nullish(),
    speed: z.number().min(0.5).max(2).optional(),
  })
  .superRefine((body, context) => {
    if (new Set(body.lines.map((line) => line.voice_id)).size > MAX_DIALOGUE_VOICES) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: `A dialogue uses at most ${MAX_DIALOGUE_VOICES} voices`,
      });
    }
    if (body.lines.reduce((sum, line) => sum + line.text.length, 0) > MAX_TEXT_LENGTH) {
      context.addIssue({
        code: 'custom',
        path: ['lines'],
        message: `The lines together are longer than ${MAX_TEXT_LENGTH.toLocaleString('en')} characters`,
      });
    }
  });

export const studioDialogueResult = z.object({
  task_id: z.string(),
  /** The dialogue's one audio, from the history (MP3). */
  audio_url: z.string(),
  characters: z.number(),
  duration_ms: z.number(),
  /** The transcript: every line with its speaker, voice and where it sits in the audio. */
  lines: z.array(
    z.object({
      speaker: z.string(),
      voice_id: z.string(),
      voice_name: z.string(),
      text: z.string(),
      start_ms: z.number(),
      end_ms: z.number(),
    }),
  ),
});

export interface StudioDialogueDeps {
  dialogue: DialogueService;
  limits: SpeechLimits;
}

/**
 * POST /api/dialogue for the signed-in preset studio. The studio's own limits apply (never an API
 * key's), the credits are held and captured through the same task lifecycle, and the answer comes
 * once the audio is whole: a dialogue is a few short lines, and the page shows it with its transcript.
 */
export const studioDialogueRoutes =
  (deps: StudioDialogueDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/dialogue',
      {
        onRequest: app.requireUser,
        schema: {
          tags: ['speech'],
          summary: 'Preset-studio dialogue: several speakers in one audio, with a transcript by speaker',
          body: studioDialogueRequest,
          response: { 200: studioDialogueResult, '4xx': errorBody },
        },
      },
      async (request) => {
        const user = signedInUser(request);
        const { lines, model_id, speed } = request.body;
        const stream = await deps.dialogue.open(
          {
            userId: user.id,
            clientIp: request.ip,
            admit: (trx) => checkSubmissionLimits(trx, deps.limits, { userId: user.id, ip: request.ip }),
          },
          {
            inputs: lines.map((line) => ({ text: line.text, voiceId: line.voice_id })),
            modelId: model_id ?? null,
            speed: speed ?? 1,
            language: null,
            format: { container: 'mp3', sampleRate: 24_000, kbps: 128 },
          },
        );
        const spans = lines.map(() => ({ start: Number.POSITIVE_INFINITY, end: 0 }));
        for await (const piece of stream.pieces()) {
          if (!piece.chunk) continue;
          const span = spans[piece.chunk.line];
          if (!span) continue;
          span.start = Math.min(span.start, piece.chunk.startMs);
          span.end = Math.max(span.end, piece.chunk.startMs + piece.chunk.chunk.durationMs);
        }
        return {
          task_id: stream.taskId,
          audio_url: `/api/history/${stream.taskId}/audio.mp3`,
          characters: stream.characters,
          duration_ms: Math.round(spans.at(-1)?.end ?? 0),
          lines: lines.map((line, index) => ({
            speaker: line.speaker,
            voice_id: line.voice_id,
            voice_name: stream.lines[index]?.voiceName ?? line.voice_id,
            text: line.text,
            start_ms: Math.round(spans[index]?.start ?? 0),
            end_ms: Math.round(spans[index]?.end ?? 0),
          })),
        };
      },
    );
  };
