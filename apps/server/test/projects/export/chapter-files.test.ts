import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseWav } from '../../../src/audio/audio.js';
import { decodeMp3 } from '../../../src/audio/mp3-decode.js';
import { encodeMp3 } from '../../../src/audio/mp3-stream.js';
import { encodeExportAudio } from '../../../src/domains/projects/export/chapter-audio.js';
import { zipChapters } from '../../../src/domains/projects/export/chapter-zip.js';
import { chapterFileName, safeFileTitle } from '../../../src/domains/projects/export/file-names.js';
import { chapterSubtitles } from '../../../src/domains/projects/export/subtitles.js';
import { decodeFlac } from '../../helpers/codecs.js';

const RATE = 24_000;

const tone = (seconds: number, hz: number) =>
  Int16Array.from({ length: Math.round(seconds * RATE) }, (_, i) => 9_000 * Math.sin((2 * Math.PI * hz * i) / RATE));

/** ZIP's compression method of each entry, as its local header records it (0 = stored). */
function compressionMethods(zip: Uint8Array): Record<string, number> {
  const methods: Record<string, number> = {};
  unzipSync(zip, {
    filter: (file) => {
      methods[file.name] = file.compression;
      return false;
    },
  });
  return methods;
}

describe('the ZIP of chapter files', () => {
  it('holds one MP3 per chapter under a numbered, safe name, with its subtitles beside it', async () => {
    const chapters = await Promise.all(
      ['The Harbour', 'Storm: "Part 2"?', 'Home / Away'].map(async (title, index) => ({
        title,
        mp3: await encodeMp3(tone(1 + index, 220 + 110 * index), RATE),
      })),
    );
    const subtitles = chapterSubtitles([{ text: 'Hello there.', startMs: 250, endMs: 1_400 }]);
    const [first, second, third] = chapters;
    if (!first || !second || !third) throw new Error('chapters missing');
    const zip = zipChapters([{ ...first, ...subtitles }, second, third]);

    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual([
      '01 - The Harbour.mp3',
      '01 - The Harbour.srt',
      '01 - The Harbour.vtt',
      '02 - Storm Part 2.mp3',
      '03 - Home Away.mp3',
    ]);
    const names = ['01 - The Harbour.mp3', '02 - Storm Part 2.mp3', '03 - Home Away.mp3'];
    for (const [index, name] of names.entries()) {
      const bytes = entries[name];
      expect(Buffer.from(bytes ?? []).equals(chapters[index]?.mp3 ?? Buffer.alloc(1))).toBe(true);
      expect((await decodeMp3(bytes ?? new Uint8Array())).durationMs).toBeGreaterThanOrEqual((index + 1) * 1000);
    }
    expect(Buffer.from(entries['01 - The Harbour.srt'] ?? []).toString()).toBe(
      '1\n00:00:00,250 --> 00:00:01,400\nHello there.\n',
    );
    expect(Buffer.from(entries['01 - The Harbour.vtt'] ?? []).toString()).toMatch(/^WEBVTT\n\n1\n00:00:00\.250 -->/);

    // MP3s are stored as they are; the subtitles, being text, are deflated.
    const methods = compressionMethods(zip);
    expect(methods['02 - Storm Part 2.mp3']).toBe(0);
    expect(methods['01 - The Harbour.srt']).toBe(8);
  });

  it('gives the same bytes for the same chapters and time', async () => {
    const mp3 = await encodeMp3(tone(0.5, 300), RATE);
    const at = new Date('2026-01-02T03:04:06Z');
    expect(zipChapters([{ title: 'A', mp3 }], at).equals(zipChapters([{ title: 'A', mp3 }], at))).toBe(true);
  });
});

describe('chapter file names', () => {
  it('drops what file systems refuse and keeps every script', () => {
    expect(safeFileTitle(' ..Kapitel 1: Über <Alles>|\u0007. ', 'x')).toBe('Kapitel 1 Über Alles');
    expect(safeFileTitle('第一章 海', 'x')).toBe('第一章 海');
    expect(safeFileTitle('???', 'Chapter 4')).toBe('Chapter 4');
    expect(Array.from(safeFileTitle('🎧'.repeat(100), 'x'))).toHaveLength(80);
  });

  it('pads the number to the widest chapter number, so names sort in reading order', () => {
    expect(chapterFileName(0, 9, 'Start', 'mp3')).toBe('01 - Start.mp3');
    expect(chapterFileName(6, 120, 'Middle', 'mp3')).toBe('007 - Middle.mp3');
    expect(chapterFileName(2, 3, '', 'srt')).toBe('03 - Chapter 3.srt');
  });
});

describe('subtitles after mastering', () => {
  it('moves every cue by the mastering shift, never before the start', () => {
    const { srt } = chapterSubtitles(
      [
        { text: 'First.', startMs: 100, endMs: 900 },
        { text: 'Second.', startMs: 1_000, endMs: 2_000 },
      ],
      -300,
    );
    expect(srt).toBe('1\n00:00:00,000 --> 00:00:00,600\nFirst.\n\n2\n00:00:00,700 --> 00:00:01,700\nSecond.\n');
  });
});

describe('WAV and FLAC exports', () => {
  const samples = Float32Array.from({ length: RATE * 2 }, (_, i) => 0.4 * Math.sin((2 * Math.PI * 330 * i) / RATE));
  const expected = Int16Array.from(samples, (value) => Math.round(value * 32_767));

  it('writes a WAV file whose header gives the real length and whose samples are the audio', async () => {
    const wav = await encodeExportAudio(samples, RATE, 'wav');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.readUInt32LE(40)).toBe(samples.length * 2);
    const parsed = parseWav(wav);
    expect(parsed.sampleRate).toBe(RATE);
    expect(Array.from(parsed.samples)).toEqual(Array.from(expected));
  });

  it('writes FLAC that an independent decoder reads back sample for sample', async () => {
    const flac = await encodeExportAudio(samples, RATE, 'flac');
    const decoded = await decodeFlac(flac);
    expect(decoded.errors).toEqual([]);
    expect(decoded.sampleRate).toBe(RATE);
    expect(Array.from(decoded.samples)).toEqual(Array.from(expected));
  });

  it('writes MP3 at 128 kbps below 32 kHz and 192 kbps at 44.1 kHz', async () => {
    const low = await encodeExportAudio(samples, RATE, 'mp3');
    expect(low.length / 2).toBeGreaterThan(15_500);
    expect(low.length / 2).toBeLessThan(16_700);
    const cd = Float32Array.from({ length: 44_100 * 2 }, (_, i) => 0.4 * Math.sin((2 * Math.PI * 330 * i) / 44_100));
    const high = await encodeExportAudio(cd, 44_100, 'mp3');
    expect(high.length / 2).toBeGreaterThan(23_500);
    expect(high.length / 2).toBeLessThan(24_700);
  });
});
