import { describe, expect, it } from 'vitest';
import { FlacStream } from '../../src/audio/flac-encode.js';
import { OggOpusStream, opusRateFor } from '../../src/audio/opus-encode.js';
import { parseOutputFormat } from '../../src/domains/public-api/elevenlabs/output-format.js';
import {
  correlation,
  decodeFlac,
  decodeOggOpus,
  flacStreamInfo,
  oggPages,
  opusHead,
  sameSamples,
} from '../helpers/codecs.js';

/** A 16-bit tone with a slow swell and a little noise, so neither codec sees a trivial signal. */
function tone(seconds: number, sampleRate: number, hz: number): Int16Array {
  return Int16Array.from({ length: Math.round(seconds * sampleRate) }, (_, i) => {
    const swell = 0.5 + 0.4 * Math.sin((2 * Math.PI * i) / sampleRate);
    const noise = ((i * 7919) % 201) - 100;
    return Math.round(10_000 * swell * Math.sin((2 * Math.PI * hz * i) / sampleRate) + noise);
  });
}

/** Writes the samples in uneven pieces, as sentences arrive, and collects every byte handed out. */
async function inPieces(
  stream: { write(samples: Int16Array): Promise<void>; take(): Buffer; end(): Buffer },
  samples: Int16Array,
  sizes: number[],
) {
  const parts: Buffer[] = [];
  let start = 0;
  for (const size of sizes) {
    await stream.write(samples.subarray(start, start + size));
    parts.push(stream.take());
    start += size;
  }
  await stream.write(samples.subarray(start));
  parts.push(stream.take(), stream.end());
  return { parts, bytes: Buffer.concat(parts) };
}

describe('Ogg Opus encoding', () => {
  it('picks the lowest rate Opus takes that keeps all of the engine’s bandwidth', () => {
    expect([8_000, 16_000, 22_050, 24_000, 44_100, 48_000].map(opusRateFor)).toEqual([
      8_000, 16_000, 24_000, 24_000, 48_000, 48_000,
    ]);
  });

  it('writes valid Ogg pages, an OpusHead and OpusTags, and audio that decodes to the same length', async () => {
    const source = tone(3.01, 24_000, 220);
    const { parts, bytes } = await inPieces(new OggOpusStream(24_000, 48), source, [5_000, 17, 30_000]);
    // The headers go out with the first piece: a player can start before the speech is done.
    expect(parts[0]?.toString('ascii', 0, 4)).toBe('OggS');

    const pages = oggPages(bytes);
    expect(pages.every((page) => page.crcOk)).toBe(true);
    expect(pages.map((page) => page.sequence)).toEqual(pages.map((_, i) => i));
    expect(new Set(pages.map((page) => page.serial)).size).toBe(1);
    expect(pages.map((page) => page.flags & 0x02)).toEqual(pages.map((_, i) => (i === 0 ? 0x02 : 0)));
    expect(pages.map((page) => page.flags & 0x04)).toEqual(pages.map((_, i) => (i === pages.length - 1 ? 0x04 : 0)));

    const head = opusHead(pages[0]?.packets[0] ?? Buffer.alloc(19));
    expect(head).toEqual({
      magic: 'OpusHead',
      version: 1,
      channels: 1,
      preSkip: 312,
      inputSampleRate: 24_000,
      mappingFamily: 0,
    });
    expect(pages[1]?.packets[0]?.toString('ascii', 0, 8)).toBe('OpusTags');
    // Granule positions count 48 kHz samples and never go back; the last one ends at the real audio.
    const granules = pages.slice(2).map((page) => Number(page.granule));
    expect(granules).toEqual([...granules].sort((a, b) => a - b));
    expect(granules.at(-1)).toBe(312 + source.length * 2);

    const decoded = await decodeOggOpus(bytes);
    expect(decoded.errors).toEqual([]);
    expect(decoded.sampleRate).toBe(48_000);
    expect(decoded.samples.length).toBe(source.length * 2);
    // Lossy, but the same sound in the same place: every other 48 kHz sample against the 24 kHz source.
    const everyOther = Float32Array.from({ length: source.length }, (_, i) => decoded.samples[i * 2] ?? 0);
    expect(correlation(everyOther, source)).toBeGreaterThan(0.95);
  });

  it('spreads a long chunk over pages of at most 255 segments', async () => {
    const source = tone(12, 48_000, 300);
    const stream = new OggOpusStream(48_000, 64);
    await stream.write(source);
    const bytes = Buffer.concat([stream.take(), stream.end()]);
    const pages = oggPages(bytes);
    // 600 packets of 20 ms: more than one page's worth.
    expect(pages.slice(2).reduce((sum, page) => sum + page.packets.length, 0)).toBe(600 + 1);
    expect(pages.length).toBeGreaterThan(4);
    expect(pages.every((page) => page.crcOk)).toBe(true);
    const decoded = await decodeOggOpus(bytes);
    expect(decoded.samples.length).toBe(source.length);
    // 64 kbps: about 8,000 bytes a second.
    expect(bytes.length / 12).toBeGreaterThan(6_000);
    expect(bytes.length / 12).toBeLessThan(10_000);
  });

  it('frees an abandoned encoder without ending it, and many streams after it still work', async () => {
    for (let i = 0; i < 50; i += 1) {
      const stream = new OggOpusStream(16_000, 32);
      await stream.write(tone(0.5, 16_000, 200));
      stream.close();
      stream.close();
    }
    const stream = new OggOpusStream(16_000, 32);
    await stream.write(tone(1, 16_000, 200));
    const decoded = await decodeOggOpus(Buffer.concat([stream.take(), stream.end()]));
    expect(decoded.samples.length).toBe(48_000);
  });
});

describe('FLAC encoding', () => {
  for (const sampleRate of [16_000, 22_050, 44_100]) {
    it(`is lossless at ${sampleRate} Hz, sample for sample, when written in pieces`, async () => {
      const source = tone(2.5, sampleRate, 180);
      const { parts, bytes } = await inPieces(await FlacStream.open(sampleRate), source, [1_000, 9_000, 3]);
      // The header goes out before any audio is complete; frames follow as libFLAC's blocks fill.
      expect(parts[0]?.toString('ascii', 0, 4)).toBe('fLaC');
      expect(flacStreamInfo(bytes)).toEqual({
        magic: 'fLaC',
        blockType: 0,
        sampleRate,
        channels: 1,
        bitsPerSample: 16,
        // Streamed: the header is sent before the length is known, so it says "unknown".
        totalSamples: 0,
      });
      const decoded = await decodeFlac(bytes);
      expect(decoded.errors).toEqual([]);
      expect(decoded.sampleRate).toBe(sampleRate);
      expect(decoded.samples.length).toBe(source.length);
      expect(sameSamples(decoded.samples, source)).toBe(true);
      expect(bytes.length).toBeLessThan(source.byteLength);
    });
  }

  it('frees an abandoned encoder without ending it', async () => {
    for (let i = 0; i < 50; i += 1) {
      const stream = await FlacStream.open(24_000);
      await stream.write(tone(0.5, 24_000, 200));
      stream.close();
    }
    const stream = await FlacStream.open(24_000);
    await stream.write(tone(1, 24_000, 200));
    const decoded = await decodeFlac(Buffer.concat([stream.take(), stream.end()]));
    expect(decoded.samples.length).toBe(24_000);
  });
});

describe('ElevenLabs output_format for Opus', () => {
  it('reads opus_48000_<kbps> at ElevenLabs’ bit rates and refuses others', () => {
    expect(parseOutputFormat('opus_48000_64')).toEqual({ container: 'opus', sampleRate: 48_000, kbps: 64 });
    expect(parseOutputFormat('opus_48000_192')).toEqual({ container: 'opus', sampleRate: 48_000, kbps: 192 });
    expect(() => parseOutputFormat('opus_48000_48')).toThrow(/opus_48000_<kbps>/);
    expect(() => parseOutputFormat('opus_24000_64')).toThrow(/not supported/);
  });
});
