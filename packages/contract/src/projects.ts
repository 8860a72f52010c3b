import { z } from 'zod';

/**
 * Projects (issue 37): long-form audio from a manuscript, in chapters of blocks (paragraphs), with
 * a narrator voice, speakers cast to voices, renders that skip what did not change, and exports.
 */

/** A project holds at most this many characters, over all its blocks. */
export const PROJECT_MAX_CHARACTERS = 2_000_000;
/** A project holds at most this many chapters. */
export const PROJECT_MAX_CHAPTERS = 200;
/** An imported file may be at most this large. */
export const PROJECT_MAX_IMPORT_BYTES = 50 * 1024 * 1024;
/** One block is spoken as one speech task, whose text may be at most this long. */
export const BLOCK_MAX_CHARACTERS = 50_000;

const id = z.string().trim().min(1).max(64);
const voiceId = z.string().trim().min(1).max(200);
const title = z.string().trim().min(1, { error: 'A title is required' }).max(300);
const speed = z.number().min(0.5).max(2);

export const projectParams = z.object({ projectId: id });
export const chapterParams = z.object({ projectId: id, chapterId: id });
export const blockParams = z.object({ projectId: id, blockId: id });

export const blockState = z.enum(['new', 'queued', 'done', 'failed']);
export type BlockState = z.infer<typeof blockState>;

export const projectSummary = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  chapters: z.number().int(),
  characters: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectSummary = z.infer<typeof projectSummary>;

export const projectList = z.object({ projects: z.array(projectSummary) });

export const projectBlock = z.object({
  id: z.string(),
  position: z.number().int(),
  text: z.string(),
  speaker: z.string().nullable(),
  /** The block's own voice, when it has one; `voice` is what it is spoken with. */
  voice_id: z.string().nullable(),
  voice: z.string(),
  speed: z.number(),
  state: blockState,
  /** True when the text, voice or speed changed since the last successful render. */
  changed: z.boolean(),
  duration_ms: z.number().int().nullable(),
  error_code: z.string().nullable(),
});
export type ProjectBlock = z.infer<typeof projectBlock>;

export const projectChapter = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  blocks: z.array(projectBlock),
});

export const projectSpeaker = z.object({ name: z.string(), voice_id: z.string().nullable(), lines: z.number().int() });

export const projectDetail = z.object({
  id: z.string(),
  title: z.string(),
  author: z.string().nullable(),
  has_cover: z.boolean(),
  narrator_voice_id: z.string(),
  block_pause_ms: z.number().int(),
  chapter_pause_ms: z.number().int(),
  chapters: z.array(projectChapter),
  speakers: z.array(projectSpeaker),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProjectDetail = z.infer<typeof projectDetail>;

/** A blank project, or one made from pasted text (`format` says how to read it). */
export const createProjectRequest = z.object({
  title: title.optional(),
  narrator_voice_id: voiceId,
  text: z
    .string()
    .max(PROJECT_MAX_CHARACTERS * 2)
    .optional(),
  format: z.enum(['txt', 'md']).optional(),
});
export type CreateProjectRequest = z.infer<typeof createProjectRequest>;

export const updateProjectRequest = z
  .object({
    title: title.optional(),
    author: z.string().trim().max(300).nullable().optional(),
    narrator_voice_id: voiceId.optional(),
    block_pause_ms: z.number().int().min(0).max(10_000).optional(),
    chapter_pause_ms: z.number().int().min(0).max(30_000).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change' });

export const editBlockRequest = z
  .object({
    text: z
      .string()
      .refine((text) => text.trim().length > 0, { error: 'Text is required' })
      .max(BLOCK_MAX_CHARACTERS, { error: 'Text exceeds maximum length of 50,000 characters' })
      .optional(),
    voice_id: voiceId.nullable().optional(),
    speed: speed.optional(),
    speaker: z.string().trim().min(1).max(100).nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Nothing to change' });

/** Splits a chapter before one of its blocks: that block and those after it make the new chapter. */
export const splitChapterRequest = z.object({ before_block_id: id, title: title.optional() });
/** Merges the chapter that follows into this one. */
export const renameChapterRequest = z.object({ title });
/** The project's chapters in their new order: every chapter id, once. */
export const reorderChaptersRequest = z.object({ chapter_ids: z.array(id).min(1).max(PROJECT_MAX_CHAPTERS) });
export const castSpeakerRequest = z.object({ name: z.string().trim().min(1).max(100), voice_id: voiceId.nullable() });

export const renderScope = z.discriminatedUnion('scope', [
  z.object({ scope: z.literal('project') }),
  z.object({ scope: z.literal('chapter'), chapter_id: id }),
  z.object({ scope: z.literal('block'), block_id: id }),
]);
export type RenderScope = z.infer<typeof renderScope>;

export const renderEstimate = z.object({
  /** Blocks that would be rendered now: their text, voice or speed changed since their last render. */
  blocks: z.number().int(),
  characters: z.number().int(),
  /** Credits the render would hold: one per character, as every render. */
  credits: z.number().int(),
  balance: z.number().int(),
  enough: z.boolean(),
});
export type RenderEstimate = z.infer<typeof renderEstimate>;

export const renderStarted = z.object({ blocks: z.number().int(), credits: z.number().int() });

export const chapterProgress = z.object({
  chapter_id: z.string(),
  title: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  queued: z.number().int(),
  failed: z.array(z.object({ block_id: z.string(), error_code: z.string() })),
});
export const projectProgress = z.object({
  chapters: z.array(chapterProgress),
  total: z.number().int(),
  done: z.number().int(),
  queued: z.number().int(),
  failed: z.number().int(),
  /** Every block has audio for what it says now: the exports are ready. */
  complete: z.boolean(),
});
export type ProjectProgress = z.infer<typeof projectProgress>;

export const exportQuery = z.object({
  /** Normalise loudness and add room tone so each chapter meets ACX's requirements. */
  mastered: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
});

export const chapterExportParams = z.object({ projectId: id, chapterId: id, format: z.enum(['srt', 'vtt']) });
export const audioExportParams = z.object({ projectId: id, format: z.enum(['zip', 'mp3', 'wav', 'flac']) });

export const acxChapterReport = z.object({
  chapter_id: z.string(),
  title: z.string(),
  rms_db: z.number(),
  peak_db: z.number(),
  noise_floor_db: z.number(),
  head_silence_ms: z.number(),
  tail_silence_ms: z.number(),
  passes: z.boolean(),
  failures: z.array(z.string()),
});
export const acxReport = z.object({ mastered: z.boolean(), chapters: z.array(acxChapterReport) });
