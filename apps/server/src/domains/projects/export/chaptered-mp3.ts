import { writeId3Tag } from '../../../audio/id3-tag.js';
import { joinMp3 } from '../../../audio/mp3-join.js';

export interface ChapteredMp3Input {
  /** In reading order; each chapter's MP3 as rendered (any tags it carries are dropped). */
  chapters: { title: string; mp3: Uint8Array }[];
  title: string;
  author: string;
  cover?: { contentType: 'image/jpeg' | 'image/png'; bytes: Uint8Array };
}

/**
 * The whole book as one MP3: the chapters' frames end to end behind one ID3v2.4 tag that names the
 * book, its author and cover, and marks each chapter (CHAP/CTOC) so players list them.
 *
 * Chapter times come from the frames themselves, not from the lengths the caller measured: the
 * encoder adds a little delay and pads each part to whole frames, and the marks must fall where
 * each part's frames really begin in the joined stream. All chapters must share one sample rate.
 */
export function writeChapteredMp3(input: ChapteredMp3Input): Buffer {
  const joined = joinMp3(input.chapters.map((chapter) => chapter.mp3));
  let startMs = 0;
  const chapters = input.chapters.map((chapter, index) => {
    const endMs = startMs + (joined.durationsMs[index] ?? 0);
    const mark = { title: chapter.title, startMs, endMs };
    startMs = endMs;
    return mark;
  });
  const tag = writeId3Tag({
    title: input.title,
    artist: input.author,
    // Audiobook players file a book under its album, so the book's title goes there as well.
    album: input.title,
    cover: input.cover,
    chapters,
  });
  return Buffer.concat([tag, joined.audio]);
}
