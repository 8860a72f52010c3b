import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { measureAcx } from '../../audio/acx.js';
import { masterForAcxWithShift } from '../../audio/acx-master.js';
import type { Segment } from '../../audio/audio.js';
import { decodeMp3 } from '../../audio/mp3-decode.js';
import { resample } from '../../audio/voice-adjust.js';
import { AppError } from '../../http/errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { EXPORT_CONTENT_TYPES, encodeExportAudio } from './export/chapter-audio.js';
import { zipChapters } from './export/chapter-zip.js';
import { writeChapteredMp3 } from './export/chaptered-mp3.js';
import { safeFileTitle } from './export/file-names.js';
import { chapterSubtitles } from './export/subtitles.js';
import type { ProjectsService } from './service.js';
import { coverContentType } from './storage-keys.js';

/** A file to download: its bytes, type and the name it is saved under. */
export interface ExportFile {
  bytes: Buffer;
  contentType: string;
  disposition: string;
}

/** One chapter's audio, joined from its blocks with the project's pauses between them. */
interface ChapterAudio {
  id: string;
  title: string;
  samples: Float32Array;
  sampleRate: number;
  segments: Segment[];
}

const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const readAll = async (stream: Readable) => buffer(stream);

/**
 * The project's exports: a ZIP of chapter MP3s, one MP3 with chapter marks, WAV or FLAC of the
 * whole book, subtitles per chapter, and each chapter measured against ACX's requirements. With
 * `mastered`, every chapter is first normalised and given room tone so it passes.
 */
export class ProjectExports {
  constructor(
    private readonly projects: ProjectsService,
    private readonly storage: FileStorage,
  ) {}

  async audio(
    userId: string,
    projectId: string,
    format: 'zip' | 'mp3' | 'wav' | 'flac',
    options: { mastered: boolean },
  ): Promise<ExportFile> {
    const { project, chapters } = await this.chapters(userId, projectId, options.mastered);
    const name = safeFileTitle(project.title, 'Project');
    if (format === 'zip' || format === 'mp3') {
      const encoded = await Promise.all(
        chapters.map(async (chapter) => ({
          title: chapter.title,
          mp3: await encodeExportAudio(chapter.samples, chapter.sampleRate, 'mp3'),
          ...chapterSubtitles(chapter.segments),
        })),
      );
      if (format === 'zip') {
        return { bytes: zipChapters(encoded), contentType: 'application/zip', disposition: attachment(`${name}.zip`) };
      }
      const cover = project.cover_key
        ? {
            contentType: coverContentType(project.cover_key),
            bytes: await readAll(await this.storage.read(project.cover_key)),
          }
        : undefined;
      const bytes = writeChapteredMp3({
        chapters: encoded.map((chapter) => ({ title: chapter.title, mp3: chapter.mp3 })),
        title: project.title,
        author: project.author ?? '',
        ...(cover ? { cover } : {}),
      });
      return { bytes, contentType: EXPORT_CONTENT_TYPES.mp3, disposition: attachment(`${name}.mp3`) };
    }
    const book = joinBook(chapters, project.chapter_pause_ms);
    const bytes = await encodeExportAudio(book.samples, book.sampleRate, format);
    return { bytes, contentType: EXPORT_CONTENT_TYPES[format], disposition: attachment(`${name}.${format}`) };
  }

  async subtitles(userId: string, projectId: string, chapterId: string, format: 'srt' | 'vtt'): Promise<ExportFile> {
    const { chapters } = await this.chapters(userId, projectId, false, chapterId);
    const chapter = chapters[0];
    if (!chapter) throw new AppError('CHAPTER_NOT_FOUND');
    const text = chapterSubtitles(chapter.segments)[format];
    const contentType = format === 'srt' ? 'application/x-subrip; charset=utf-8' : 'text/vtt; charset=utf-8';
    const name = `${safeFileTitle(chapter.title, 'Chapter')}.${format}`;
    return { bytes: Buffer.from(text, 'utf8'), contentType, disposition: attachment(name) };
  }

  /** Each chapter's ACX figures, as exported (mastered or not). */
  async acx(userId: string, projectId: string, mastered: boolean) {
    const { chapters } = await this.chapters(userId, projectId, mastered);
    return {
      mastered,
      chapters: chapters.map((chapter) => {
        const report = measureAcx(chapter.samples, chapter.sampleRate);
        const failures = Object.entries(report.passes).flatMap(([name, passes]) => (passes ? [] : [name]));
        return {
          chapter_id: chapter.id,
          title: chapter.title,
          rms_db: finite(report.rmsDb),
          peak_db: finite(report.peakDb),
          noise_floor_db: finite(report.noiseFloorDb),
          head_silence_ms: Math.round(report.headSeconds * 1000),
          tail_silence_ms: Math.round(report.tailSeconds * 1000),
          passes: report.passed,
          failures,
        };
      }),
    };
  }

  /**
   * Every chapter with blocks, joined from its blocks' audio. Refused while any block lacks audio
   * for what it says now: an export never mixes old and new words.
   */
  private async chapters(userId: string, projectId: string, mastered: boolean, onlyChapter?: string) {
    const project = await this.projects.owned(userId, projectId);
    const plan = await this.projects.planSettled(userId, project);
    if (onlyChapter && !plan.chapters.some((chapter) => chapter.id === onlyChapter)) {
      throw new AppError('CHAPTER_NOT_FOUND');
    }
    const wanted = plan.chapters.filter((chapter) => !onlyChapter || chapter.id === onlyChapter);
    const blocksOf = (chapterId: string) => plan.blocks.filter((block) => block.row.chapter_id === chapterId);
    const chapters: ChapterAudio[] = [];
    for (const chapter of wanted) {
      const blocks = blocksOf(chapter.id);
      if (blocks.length === 0) continue;
      if (blocks.some((block) => block.changed || !block.row.audio_key)) throw new AppError('PROJECT_NOT_RENDERED');
      const parts: { samples: Float32Array; sampleRate: number; text: string }[] = [];
      for (const block of blocks) {
        const key = block.row.audio_key;
        if (!key) throw new AppError('PROJECT_NOT_RENDERED');
        const stat = await this.storage.stat(key);
        if (!stat) throw new AppError('PROJECT_NOT_RENDERED');
        const decoded = await decodeMp3(await readAll(await this.storage.read(key)));
        parts.push({ samples: decoded.samples, sampleRate: decoded.sampleRate, text: block.row.text.trim() });
      }
      const joined = joinParts(parts, project.block_pause_ms);
      const audio = { id: chapter.id, title: chapter.title, ...joined };
      chapters.push(mastered ? masterChapter(audio) : audio);
    }
    if (chapters.length === 0) throw new AppError('PROJECT_NOT_RENDERED');
    return { project, chapters };
  }
}

/** Blocks one after another with `pauseMs` of silence between, at the first block's rate. */
function joinParts(
  parts: { samples: Float32Array; sampleRate: number; text: string }[],
  pauseMs: number,
): { samples: Float32Array; sampleRate: number; segments: Segment[] } {
  const sampleRate = parts[0]?.sampleRate ?? 22_050;
  const pause = Math.round((pauseMs / 1000) * sampleRate);
  const fitted = parts.map((part) =>
    part.sampleRate === sampleRate
      ? part.samples
      : resample(part.samples, Math.round((part.samples.length * sampleRate) / part.sampleRate)),
  );
  const length = fitted.reduce((sum, samples) => sum + samples.length, 0) + pause * Math.max(0, parts.length - 1);
  const samples = new Float32Array(length);
  const segments: Segment[] = [];
  let at = 0;
  fitted.forEach((part, index) => {
    samples.set(part, at);
    const text = parts[index]?.text ?? '';
    segments.push({ text, startMs: (at / sampleRate) * 1000, endMs: ((at + part.length) / sampleRate) * 1000 });
    at += part.length + pause;
  });
  return { samples, sampleRate, segments };
}

function masterChapter(chapter: ChapterAudio): ChapterAudio {
  const mastered = masterForAcxWithShift(chapter.samples, chapter.sampleRate);
  const shift = mastered.shiftMs;
  return {
    ...chapter,
    samples: mastered.samples,
    segments: chapter.segments.map((segment) => ({
      text: segment.text,
      startMs: Math.max(0, segment.startMs + shift),
      endMs: Math.max(0, segment.endMs + shift),
    })),
  };
}

/** The whole book as one track: chapters with `pauseMs` between them, at the first chapter's rate. */
function joinBook(chapters: ChapterAudio[], pauseMs: number): { samples: Float32Array; sampleRate: number } {
  const joined = joinParts(
    chapters.map((chapter) => ({ samples: chapter.samples, sampleRate: chapter.sampleRate, text: chapter.title })),
    pauseMs,
  );
  return { samples: joined.samples, sampleRate: joined.sampleRate };
}

/** JSON has no infinities: digital silence reads as -200 dB. */
const finite = (db: number) => (Number.isFinite(db) ? Math.round(db * 100) / 100 : -200);
