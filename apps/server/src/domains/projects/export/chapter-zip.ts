import { type Zippable, zipSync } from 'fflate';
import { chapterFileName } from './file-names.js';

export interface ZipChapter {
  title: string;
  mp3: Uint8Array;
  /** Subtitles for the chapter, written next to its MP3 under the same name. */
  srt?: string;
  vtt?: string;
}

/** MP3 is already compressed: deflating it again costs time and saves nothing. */
const STORE = 0;
/** Subtitles are text, which deflate shrinks several times over. */
const DEFLATE = 6;

/**
 * A ZIP of one MP3 per chapter, "01 - Title.mp3", with "01 - Title.srt" and ".vtt" beside it when
 * given. `modifiedAt` stamps every entry (a fixed time gives the same bytes for the same book).
 */
export function zipChapters(chapters: ZipChapter[], modifiedAt: Date = new Date()): Buffer {
  const entries: Zippable = {};
  chapters.forEach((chapter, index) => {
    const name = (extension: string) => chapterFileName(index, chapters.length, chapter.title, extension);
    entries[name('mp3')] = [chapter.mp3, { level: STORE, mtime: modifiedAt }];
    if (chapter.srt !== undefined)
      entries[name('srt')] = [Buffer.from(chapter.srt), { level: DEFLATE, mtime: modifiedAt }];
    if (chapter.vtt !== undefined)
      entries[name('vtt')] = [Buffer.from(chapter.vtt), { level: DEFLATE, mtime: modifiedAt }];
  });
  return Buffer.from(zipSync(entries));
}
