import { parseBuffer } from 'music-metadata';
import { describe, expect, it } from 'vitest';
import { writeId3Tag } from '../../../src/audio/id3-tag.js';
import { decodeMp3 } from '../../../src/audio/mp3-decode.js';
import { encodeMp3 } from '../../../src/audio/mp3-stream.js';
import { writeChapteredMp3 } from '../../../src/domains/projects/export/chaptered-mp3.js';

const RATE = 24_000;

/** A tone of its own pitch per chapter, so each part is real, distinct audio. */
function tone(seconds: number, hz: number, sampleRate = RATE): Int16Array {
  return Int16Array.from(
    { length: Math.round(seconds * sampleRate) },
    (_, i) => 8_000 * Math.sin((2 * Math.PI * hz * i) / sampleRate),
  );
}

/** PNG's signature and a few bytes: tag readers carry a picture as it is, without decoding it. */
const cover = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a tiny cover'),
]);

async function threeChapters() {
  const titles = ['Chapter One: The Harbour', 'Chapter Two — «Storm»', 'Épilogue'];
  const lengths = [2, 3.5, 1.25];
  return Promise.all(
    titles.map(async (title, index) => ({
      title,
      mp3: await encodeMp3(tone(lengths[index] ?? 1, 200 + 100 * index), RATE),
    })),
  );
}

describe('one MP3 with chapters', () => {
  it('names its chapters, title, author and cover so a standard tag reader finds them', async () => {
    const chapters = await threeChapters();
    const book = writeChapteredMp3({
      chapters,
      title: 'The Lighthouse Keeper',
      author: 'Ada Byron',
      cover: { contentType: 'image/png', bytes: cover },
    });

    const metadata = await parseBuffer(book, { mimeType: 'audio/mpeg' }, { includeChapters: true });
    expect(metadata.common.title).toBe('The Lighthouse Keeper');
    expect(metadata.common.artist).toBe('Ada Byron');
    expect(metadata.common.album).toBe('The Lighthouse Keeper');
    const picture = metadata.common.picture?.[0];
    expect(picture?.format).toBe('image/png');
    expect(Buffer.from(picture?.data ?? []).equals(cover)).toBe(true);

    // Each chapter starts where the previous part's frames end: its own decoded length.
    const partLengthsMs = await Promise.all(chapters.map(async (chapter) => (await decodeMp3(chapter.mp3)).durationMs));
    const starts = [0, partLengthsMs[0] ?? 0, (partLengthsMs[0] ?? 0) + (partLengthsMs[1] ?? 0)];
    const found = metadata.format.chapters ?? [];
    expect(found.map((chapter) => chapter.title)).toEqual(chapters.map((chapter) => chapter.title));
    // ID3 chapters count milliseconds; music-metadata hands them over in seconds.
    found.forEach((chapter, index) => {
      expect(Math.abs(chapter.start * 1000 - (starts[index] ?? 0))).toBeLessThanOrEqual(1);
    });
    expect((found[2]?.end ?? 0) * 1000).toBeCloseTo(
      partLengthsMs.reduce((sum, ms) => sum + ms, 0),
      -1,
    );

    // The audio plays through: it decodes to the parts' lengths added up, at the parts' rate.
    const decoded = await decodeMp3(book);
    expect(decoded.sampleRate).toBe(RATE);
    const summedMs = partLengthsMs.reduce((sum, ms) => sum + ms, 0);
    expect(Math.abs(decoded.durationMs - summedMs)).toBeLessThan(1);
    // and is longer than the tones themselves (6.75 s): no part was lost.
    expect(decoded.durationMs).toBeGreaterThan(6_750);
  });

  it('keeps one tag: a part that arrives tagged is joined without its tag', async () => {
    const [first, second] = await threeChapters();
    if (!first || !second) throw new Error('chapters missing');
    const tagged = Buffer.concat([writeId3Tag({ title: 'Stray part title' }), second.mp3]);
    const book = writeChapteredMp3({
      chapters: [first, { title: second.title, mp3: tagged }],
      title: 'Two Parts',
      author: 'Someone',
    });
    const metadata = await parseBuffer(book, { mimeType: 'audio/mpeg' }, { includeChapters: true });
    expect(metadata.common.title).toBe('Two Parts');
    expect(metadata.common.picture).toBeUndefined();
    const expectedMs = (await decodeMp3(first.mp3)).durationMs + (await decodeMp3(second.mp3)).durationMs;
    expect(Math.abs((await decodeMp3(book)).durationMs - expectedMs)).toBeLessThan(1);
  });

  it('refuses chapters of different sample rates, which one MP3 stream cannot hold', async () => {
    const low = await encodeMp3(tone(1, 200, 22_050), 22_050);
    const high = await encodeMp3(tone(1, 200, RATE), RATE);
    expect(() =>
      writeChapteredMp3({
        chapters: [
          { title: 'A', mp3: low },
          { title: 'B', mp3: high },
        ],
        title: 'Mixed',
        author: 'Someone',
      }),
    ).toThrow(/one rate/);
  });

  it('refuses a chapter that holds no MP3 audio', () => {
    expect(() =>
      writeChapteredMp3({ chapters: [{ title: 'Empty', mp3: Buffer.from('not audio') }], title: 'T', author: 'A' }),
    ).toThrow(/no MPEG audio/);
  });
});
