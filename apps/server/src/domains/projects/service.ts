import { randomUUID } from 'node:crypto';
import type {
  CreateProjectRequest,
  ProjectDetail,
  ProjectProgress,
  ProjectSummary,
  RenderEstimate,
  RenderScope,
} from '@sayso/contract/projects';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/unit-of-work.js';
import type { EngineRegistry } from '../../engines/registry.js';
import { AppError } from '../../http/errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { removeStoredFiles } from '../../storage/remove-files.js';
import { creditCost } from '../accounts/index.js';
import { createTask, deleteGenerationIn, type NewTask } from '../speech/index.js';
import {
  detectSpeakers,
  MAX_PROJECT_CHAPTERS,
  MAX_PROJECT_CHARACTERS,
  type Manuscript,
  manuscriptFromText,
  readManuscript,
} from './manuscript/index.js';

import { type BlockPlan, type ProjectPlan, planBlocks } from './plan.js';
import {
  addSpeaker,
  castSpeakerIn,
  chapterIdsIn,
  countChaptersIn,
  deleteProjectIn,
  findBlockIn,
  findChapterIn,
  findProject,
  insertProjectIn,
  listProjects,
  lockProjectIn,
  markBlockQueuedIn,
  mergeChaptersIn,
  type NewProject,
  nextChapterIn,
  otherProjectsRendering,
  type ProjectRow,
  projectContents,
  projectRenderTasks,
  renameChapterIn,
  reorderChaptersIn,
  settleRenders,
  spendableCredits,
  splitChapterIn,
  totalCharacters,
  updateBlockIn,
  updateProjectIn,
} from './repository.js';
import { coverContentType, projectCoverKey } from './storage-keys.js';
import { VoiceResolver } from './voices.js';

export interface ProjectsDeps {
  db: Kysely<Database>;
  engines: EngineRegistry;
  jobs: JobQueue;
  storage: FileStorage;
  logger: FastifyBaseLogger;
  /** How speech jobs are sent: the speech queue's own options, so a block renders as any task. */
  speechJobOptions: { retryLimit: number; retryDelay: number; expireInSeconds: number };
}

/** Projects with blocks still rendering that a user may have besides the one asked for. */
const OTHER_PROJECTS_RENDERING = 2;

const notFound = () => new AppError('PROJECT_NOT_FOUND');

export interface BlockEdit {
  text?: string | undefined;
  voice_id?: string | null | undefined;
  speed?: number | undefined;
  speaker?: string | null | undefined;
}

/**
 * Projects: a manuscript in chapters of blocks, cast to voices, rendered block by block as speech
 * tasks (so credits, workers, the content cache and failures are the ones of every render), with
 * a content hash per block so a render only speaks what changed.
 */
export class ProjectsService {
  constructor(private readonly deps: ProjectsDeps) {}

  /** The database, for a caller that counts something of its own around a render (a key's month). */
  get database(): Kysely<Database> {
    return this.deps.db;
  }

  async list(userId: string): Promise<ProjectSummary[]> {
    const rows = await listProjects(this.deps.db, userId);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      author: row.author,
      chapters: Number(row.chapters ?? 0),
      characters: Number(row.characters ?? 0),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }));
  }

  /** A blank project (one empty chapter), or one made from pasted text. */
  async create(userId: string, request: CreateProjectRequest): Promise<ProjectDetail> {
    await this.requireVoice(userId, request.narrator_voice_id);
    const manuscript: Manuscript =
      request.text !== undefined && request.text.trim().length > 0
        ? manuscriptFromText(request.text, request.format ?? 'txt')
        : { title: null, author: null, cover: null, chapters: [{ title: 'Chapter 1', paragraphs: [] }] };
    return this.store(userId, manuscript, request.narrator_voice_id, request.title);
  }

  /** A project from an uploaded file (.txt, .md, .epub, .docx): nothing is stored if it is refused. */
  async importFile(
    userId: string,
    file: { fileName: string; bytes: Buffer },
    narratorVoiceId: string,
    title?: string,
  ): Promise<ProjectDetail> {
    await this.requireVoice(userId, narratorVoiceId);
    const manuscript = await readManuscript(file);
    return this.store(userId, manuscript, narratorVoiceId, title);
  }

  private async store(
    userId: string,
    manuscript: Manuscript,
    narratorVoiceId: string,
    title: string | undefined,
  ): Promise<ProjectDetail> {
    const projectId = randomUUID();
    const speakers = detectSpeakers(manuscript);
    const speakerOf = new Map<string, string>();
    for (const speaker of speakers) {
      for (const line of speaker.lines) speakerOf.set(`${line.chapter}:${line.paragraph}`, speaker.name);
    }
    const coverKey = manuscript.cover ? projectCoverKey(projectId, manuscript.cover.contentType) : null;
    const project: NewProject = {
      id: projectId,
      userId,
      title: title ?? manuscript.title ?? 'Untitled project',
      author: manuscript.author,
      coverKey,
      narratorVoiceId,
      chapters: manuscript.chapters.map((chapter, c) => ({
        id: randomUUID(),
        title: chapter.title,
        blocks: chapter.paragraphs.map((text, p) => ({
          id: randomUUID(),
          text,
          speaker: speakerOf.get(`${c}:${p}`) ?? null,
        })),
      })),
      speakers: speakers.map((speaker) => speaker.name),
    };
    if (manuscript.cover && coverKey) await this.deps.storage.put(coverKey, manuscript.cover.bytes);
    try {
      await inTransaction(this.deps.db, (trx) => insertProjectIn(trx, project));
    } catch (error) {
      if (coverKey) await removeStoredFiles(this.deps.storage, [coverKey], this.deps.logger);
      throw error;
    }
    return this.detail(userId, projectId);
  }

  async detail(userId: string, projectId: string): Promise<ProjectDetail> {
    const project = await this.owned(userId, projectId);
    await this.settle(userId, projectId);
    const plan = await this.plan(userId, project);
    const lines = new Map<string, number>();
    for (const block of plan.blocks)
      if (block.row.speaker) lines.set(block.row.speaker, (lines.get(block.row.speaker) ?? 0) + 1);
    return {
      id: project.id,
      title: project.title,
      author: project.author,
      has_cover: project.cover_key !== null,
      narrator_voice_id: project.narrator_voice_id,
      block_pause_ms: project.block_pause_ms,
      chapter_pause_ms: project.chapter_pause_ms,
      chapters: plan.chapters.map((chapter) => ({
        id: chapter.id,
        position: chapter.position,
        title: chapter.title,
        blocks: plan.blocks
          .filter((block) => block.row.chapter_id === chapter.id)
          .map((block) => ({
            id: block.row.id,
            position: block.row.position,
            text: block.row.text,
            speaker: block.row.speaker,
            voice_id: block.row.voice_id,
            voice: block.voiceId,
            speed: block.row.speed,
            state: block.row.state,
            changed: block.changed,
            duration_ms: block.row.duration_ms,
            error_code: block.row.error_code,
          })),
      })),
      speakers: plan.speakers.map((speaker) => ({
        name: speaker.name,
        voice_id: speaker.voice_id,
        lines: lines.get(speaker.name) ?? 0,
      })),
      created_at: project.created_at.toISOString(),
      updated_at: project.updated_at.toISOString(),
    };
  }

  async update(
    userId: string,
    projectId: string,
    change: {
      title?: string | undefined;
      author?: string | null | undefined;
      narrator_voice_id?: string | undefined;
      block_pause_ms?: number | undefined;
      chapter_pause_ms?: number | undefined;
    },
  ): Promise<ProjectDetail> {
    await this.owned(userId, projectId);
    if (change.narrator_voice_id) await this.requireVoice(userId, change.narrator_voice_id);
    await updateProjectIn(this.deps.db, projectId, definedOnly(change));
    return this.detail(userId, projectId);
  }

  /** A copy with the same text, cast and settings; audio is not copied (the copy renders afresh). */
  async duplicate(userId: string, projectId: string): Promise<ProjectDetail> {
    const project = await this.owned(userId, projectId);
    const contents = await projectContents(this.deps.db, projectId);
    const copyId = randomUUID();
    const coverKey = project.cover_key ? projectCoverKey(copyId, coverContentType(project.cover_key)) : null;
    if (project.cover_key && coverKey) {
      await this.deps.storage.putStream(coverKey, await this.deps.storage.read(project.cover_key));
    }
    const chapterIds = new Map(contents.chapters.map((chapter) => [chapter.id, randomUUID()]));
    await inTransaction(this.deps.db, async (trx) => {
      await insertProjectIn(trx, {
        id: copyId,
        userId,
        title: `${project.title} (copy)`.slice(0, 300),
        author: project.author,
        coverKey,
        narratorVoiceId: project.narrator_voice_id,
        chapters: contents.chapters.map((chapter) => ({
          id: chapterIds.get(chapter.id) ?? randomUUID(),
          title: chapter.title,
          blocks: contents.blocks
            .filter((block) => block.chapter_id === chapter.id)
            .map((block) => ({ id: randomUUID(), text: block.text, speaker: block.speaker })),
        })),
        speakers: contents.speakers.map((speaker) => speaker.name),
      });
      await updateProjectIn(trx, copyId, {
        block_pause_ms: project.block_pause_ms,
        chapter_pause_ms: project.chapter_pause_ms,
      });
      for (const speaker of contents.speakers) {
        if (speaker.voice_id) await castSpeakerIn(trx, copyId, speaker.name, speaker.voice_id);
      }
    });
    // Own voices and speeds of blocks follow, matched by place.
    const copied = await projectContents(this.deps.db, copyId);
    const copyOf = (chapterId: string, position: number) =>
      copied.blocks.find((block) => block.chapter_id === chapterIds.get(chapterId) && block.position === position);
    for (const block of contents.blocks) {
      const copy = copyOf(block.chapter_id, block.position);
      if (copy && (block.voice_id !== null || block.speed !== 1)) {
        await updateBlockIn(this.deps.db, copyId, copy.id, { voice_id: block.voice_id, speed: block.speed });
      }
    }
    return this.detail(userId, copyId);
  }

  /** Deletes the project, the renders of its blocks (their generations and files) and its cover. */
  async remove(userId: string, projectId: string): Promise<void> {
    const project = await this.owned(userId, projectId);
    const taskIds = await projectRenderTasks(this.deps.db, projectId);
    const fileKeys = await inTransaction(this.deps.db, async (trx) => {
      const keys: string[] = project.cover_key ? [project.cover_key] : [];
      for (const taskId of taskIds) {
        // A render still running is left to finish: it stays in the user's history.
        const removed = await deleteGenerationIn(trx, userId, taskId);
        if (removed) keys.push(...removed.fileKeys);
      }
      await deleteProjectIn(trx, projectId);
      return keys;
    });
    await removeStoredFiles(this.deps.storage, fileKeys, this.deps.logger);
  }

  async editBlock(userId: string, projectId: string, blockId: string, edit: BlockEdit): Promise<ProjectDetail> {
    await this.owned(userId, projectId);
    if (edit.voice_id) await this.requireVoice(userId, edit.voice_id);
    const block = await findBlockIn(this.deps.db, projectId, blockId);
    if (!block) throw new AppError('BLOCK_NOT_FOUND');
    if (edit.text !== undefined) {
      const total = (await totalCharacters(this.deps.db, projectId)) - block.text.length + edit.text.length;
      if (total > MAX_PROJECT_CHARACTERS) throw new AppError('PROJECT_TOO_LONG');
    }
    await updateBlockIn(this.deps.db, projectId, blockId, definedOnly(edit));
    if (edit.speaker) await this.ensureSpeaker(projectId, edit.speaker);
    return this.detail(userId, projectId);
  }

  async splitChapter(userId: string, projectId: string, chapterId: string, beforeBlockId: string, title?: string) {
    await inTransaction(this.deps.db, async (trx) => {
      if (!(await lockProjectIn(trx, userId, projectId))) throw notFound();
      const chapter = await findChapterIn(trx, projectId, chapterId);
      if (!chapter) throw new AppError('CHAPTER_NOT_FOUND');
      const block = await findBlockIn(trx, projectId, beforeBlockId);
      if (!block || block.chapter_id !== chapterId) throw new AppError('BLOCK_NOT_FOUND');
      if (block.position === 0) throw new AppError('CHAPTER_SPLIT_AT_START');
      if ((await countChaptersIn(trx, projectId)) >= MAX_PROJECT_CHAPTERS)
        throw new AppError('PROJECT_TOO_MANY_CHAPTERS');
      await splitChapterIn(trx, chapter, block.position, { id: randomUUID(), title: title ?? `${chapter.title} (2)` });
    });
    return this.detail(userId, projectId);
  }

  /** Merges the chapter after this one into it. */
  async mergeChapter(userId: string, projectId: string, chapterId: string) {
    await inTransaction(this.deps.db, async (trx) => {
      if (!(await lockProjectIn(trx, userId, projectId))) throw notFound();
      const chapter = await findChapterIn(trx, projectId, chapterId);
      if (!chapter) throw new AppError('CHAPTER_NOT_FOUND');
      const next = await nextChapterIn(trx, chapter);
      if (!next) throw new AppError('CHAPTER_IS_LAST');
      await mergeChaptersIn(trx, chapter, next);
    });
    return this.detail(userId, projectId);
  }

  async renameChapter(userId: string, projectId: string, chapterId: string, title: string) {
    await this.owned(userId, projectId);
    if (!(await findChapterIn(this.deps.db, projectId, chapterId))) throw new AppError('CHAPTER_NOT_FOUND');
    await renameChapterIn(this.deps.db, chapterId, title);
    return this.detail(userId, projectId);
  }

  async reorderChapters(userId: string, projectId: string, order: string[]) {
    await inTransaction(this.deps.db, async (trx) => {
      if (!(await lockProjectIn(trx, userId, projectId))) throw notFound();
      const current = await chapterIdsIn(trx, projectId);
      const same = order.length === current.length && new Set(order).size === order.length;
      if (!same || !order.every((id) => current.includes(id))) throw new AppError('CHAPTER_ORDER_MISMATCH');
      await reorderChaptersIn(trx, projectId, order);
    });
    return this.detail(userId, projectId);
  }

  /** Gives a speaker a voice (null: the narrator's), applied to all their lines. */
  async castSpeaker(userId: string, projectId: string, name: string, voiceId: string | null) {
    await this.owned(userId, projectId);
    if (voiceId) await this.requireVoice(userId, voiceId);
    await inTransaction(this.deps.db, (trx) => castSpeakerIn(trx, projectId, name, voiceId));
    return this.detail(userId, projectId);
  }

  /** What rendering the scope would cost now: the characters of the blocks that changed. */
  async estimate(userId: string, projectId: string, scope: RenderScope): Promise<RenderEstimate> {
    const project = await this.owned(userId, projectId);
    await this.settle(userId, projectId);
    const due = this.dueBlocks(await this.plan(userId, project), scope);
    const characters = due.reduce((sum, block) => sum + creditCost(block.row.text), 0);
    const balance = await spendableCredits(this.deps.db, userId);
    return { blocks: due.length, characters, credits: characters, balance, enough: balance >= characters };
  }

  /**
   * Renders the blocks of the scope that changed since their last render, each as a speech task
   * whose credits are held now and captured when it is spoken. Refused before anything is spent
   * when the balance does not cover the estimate.
   */
  async render(userId: string, projectId: string, scope: RenderScope): Promise<{ blocks: number; credits: number }> {
    const project = await this.owned(userId, projectId);
    await this.settle(userId, projectId);
    const due = this.dueBlocks(await this.plan(userId, project), scope);
    const credits = due.reduce((sum, block) => sum + creditCost(block.row.text), 0);
    if (due.length === 0) return { blocks: 0, credits: 0 };
    if (due.some((block) => block.voice === null)) throw new AppError('VOICE_UNAVAILABLE');
    if ((await spendableCredits(this.deps.db, userId)) < credits) throw new AppError('INSUFFICIENT_CREDITS');
    if ((await otherProjectsRendering(this.deps.db, userId, projectId)) >= OTHER_PROJECTS_RENDERING) {
      throw new AppError('PROJECT_RENDERS_BUSY');
    }
    await this.deps.jobs.prepare('speech');
    for (const block of due) await this.queueBlock(userId, block);
    return { blocks: due.length, credits };
  }

  /**
   * One block's speech task: held, recorded and sent in one unit of work, with the block marked
   * as waiting on it in the same unit. A project's render is admitted once, by `render` (the
   * studios' cap on a user's unfinished tasks would stop a book at its third paragraph).
   */
  private async queueBlock(userId: string, block: BlockPlan): Promise<void> {
    const voice = block.voice;
    if (!voice) throw new AppError('VOICE_UNAVAILABLE');
    const text = block.row.text.trim();
    const input: NewTask = {
      userId,
      studio: 'clone',
      engine: voice.engineId,
      voiceId: voice.voiceId,
      modelId: voice.modelId,
      text,
      settings: { speed: block.row.speed, pitch: 0, volume: 1, language: 'Auto', withTranscript: true },
      cost: creditCost(text),
      clientIp: null,
    };
    const jobId = randomUUID();
    let wake = () => {};
    // A failed render the block stops pointing at would be nobody's: it holds no credits and no
    // audio, and history lists only renders a block still points at, so it goes with this send.
    const failed = block.row.state === 'failed' ? block.row.render_task_id : null;
    let fileKeys: string[] = [];
    await createTask(this.deps.db, input, async () => {}, {
      jobId,
      send: async (trx, taskId) => {
        ({ wake } = await this.deps.jobs.sendWithin(
          trx,
          'speech',
          { taskId },
          { ...this.deps.speechJobOptions, id: jobId },
        ));
        await markBlockQueuedIn(trx, block.row.id, taskId, block.hash);
        if (failed && failed !== block.row.audio_task_id) {
          fileKeys = (await deleteGenerationIn(trx, userId, failed))?.fileKeys ?? [];
        }
      },
    });
    wake();
    await removeStoredFiles(this.deps.storage, fileKeys, this.deps.logger);
  }

  async progress(userId: string, projectId: string): Promise<ProjectProgress> {
    const project = await this.owned(userId, projectId);
    await this.settle(userId, projectId);
    const plan = await this.plan(userId, project);
    const chapters = plan.chapters.map((chapter) => {
      const blocks = plan.blocks.filter((block) => block.row.chapter_id === chapter.id);
      return {
        chapter_id: chapter.id,
        title: chapter.title,
        total: blocks.length,
        done: blocks.filter((block) => block.row.state === 'done' && !block.changed).length,
        queued: blocks.filter((block) => block.row.state === 'queued').length,
        failed: blocks
          .filter((block) => block.row.state === 'failed')
          .map((block) => ({ block_id: block.row.id, error_code: block.row.error_code ?? 'UNKNOWN_FAILURE' })),
      };
    });
    const sum = (pick: (chapter: (typeof chapters)[number]) => number) =>
      chapters.reduce((total, chapter) => total + pick(chapter), 0);
    const total = sum((chapter) => chapter.total);
    const done = sum((chapter) => chapter.done);
    return {
      chapters,
      total,
      done,
      queued: sum((chapter) => chapter.queued),
      failed: sum((chapter) => chapter.failed.length),
      complete: total > 0 && done === total,
    };
  }

  /** The project, when it is this user's: another user's answers 404 as a missing one does. */
  async owned(userId: string, projectId: string): Promise<ProjectRow> {
    const project = await findProject(this.deps.db, userId, projectId);
    if (!project) throw notFound();
    return project;
  }

  /** The plan after finished renders were taken in: what exports read. */
  async planSettled(userId: string, project: ProjectRow): Promise<ProjectPlan> {
    await this.settle(userId, project.id);
    return this.plan(userId, project);
  }

  /** Every block with the voice it is spoken with and its content hash. */
  private async plan(userId: string, project: ProjectRow): Promise<ProjectPlan> {
    const contents = await projectContents(this.deps.db, project.id);
    const resolver = new VoiceResolver(this.deps.db, this.deps.engines, userId);
    return planBlocks(project, contents, resolver);
  }

  /** Takes in what finished renders left, and lets go of the renders they replaced. */
  private async settle(userId: string, projectId: string): Promise<void> {
    const replaced = await settleRenders(this.deps.db, projectId);
    if (replaced.length === 0) return;
    const fileKeys = await inTransaction(this.deps.db, async (trx) => {
      const keys: string[] = [];
      for (const taskId of replaced) keys.push(...((await deleteGenerationIn(trx, userId, taskId))?.fileKeys ?? []));
      return keys;
    });
    await removeStoredFiles(this.deps.storage, fileKeys, this.deps.logger);
  }

  private dueBlocks(plan: ProjectPlan, scope: RenderScope): BlockPlan[] {
    if (scope.scope === 'chapter' && !plan.chapters.some((chapter) => chapter.id === scope.chapter_id)) {
      throw new AppError('CHAPTER_NOT_FOUND');
    }
    if (scope.scope === 'block' && !plan.blocks.some((block) => block.row.id === scope.block_id)) {
      throw new AppError('BLOCK_NOT_FOUND');
    }
    return plan.blocks.filter((block) => {
      const inScope =
        scope.scope === 'project' ||
        (scope.scope === 'chapter' && block.row.chapter_id === scope.chapter_id) ||
        (scope.scope === 'block' && block.row.id === scope.block_id);
      // A block already rendering what it says now is not sent again.
      const rendering = block.row.state === 'queued' && block.row.render_hash === block.hash;
      return inScope && block.changed && !rendering;
    });
  }

  private async requireVoice(userId: string, voiceId: string): Promise<void> {
    const resolver = new VoiceResolver(this.deps.db, this.deps.engines, userId);
    if (!(await resolver.resolve(voiceId))) throw new AppError('VOICE_UNAVAILABLE');
  }

  private async ensureSpeaker(projectId: string, name: string): Promise<void> {
    await addSpeaker(this.deps.db, projectId, name);
  }
}

/** The fields of a partial change that were given (undefined ones are left as they are). */
function definedOnly<T extends object>(change: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
