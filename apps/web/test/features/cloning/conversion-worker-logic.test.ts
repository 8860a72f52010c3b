import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createEncoder } from 'wasm-media-encoders';
import { type ConversionReply, handleConversionRequest } from '@/features/cloning/lib/conversion-handler';
import { type ConversionProgress, changesOnly, percentFor } from '@/features/cloning/lib/conversion-progress';
import { monoSamples, mp3SampleRate } from '@/features/cloning/lib/mono-samples';
import { decodeWav, readWavLayout } from '@/features/cloning/lib/wav-decode';
import { toneAt, wavBytes } from './wav-fixtures';

const bufferOf = (bytes: Uint8Array<ArrayBuffer>) => bytes.slice().buffer;

describe('reading a WAV file’s layout', () => {
  it('finds a 16-bit stereo file’s format and frames', () => {
    const layout = readWavLayout(bufferOf(wavBytes({ seconds: 1, sampleRate: 8_000, channels: 2, bits: 16 })));
    expect(layout).toEqual({
      encoding: 'int',
      bitsPerSample: 16,
      channelCount: 2,
      sampleRate: 8_000,
      dataStart: 44,
      frameCount: 8_000,
    });
  });

  it('steps over an odd-sized chunk before the format, and reads WAVE_FORMAT_EXTENSIBLE floats', () => {
    const bytes = wavBytes({
      seconds: 0.5,
      sampleRate: 48_000,
      channels: 1,
      bits: 32,
      float: true,
      extensible: true,
      listBytes: 5,
    });
    expect(readWavLayout(bufferOf(bytes))).toMatchObject({
      encoding: 'float',
      bitsPerSample: 32,
      sampleRate: 48_000,
      dataStart: 12 + 14 + 48 + 8,
      frameCount: 24_000,
    });
  });

  it('counts only the frames present when the file is cut short', () => {
    const whole = wavBytes({ seconds: 1, sampleRate: 8_000, channels: 2, bits: 16 });
    // Cut in the middle of a frame: the half frame does not count.
    expect(readWavLayout(bufferOf(whole.slice(0, 44 + 4_000 * 4 + 2)))?.frameCount).toBe(4_000);
  });

  it('leaves files it cannot read to the browser: not RIFF, compressed, or data before format', () => {
    expect(readWavLayout(new TextEncoder().encode('ID3 not a wave file at all').buffer)).toBeNull();
    const adpcm = wavBytes({ seconds: 0.1, sampleRate: 8_000, channels: 1, bits: 16 });
    new DataView(adpcm.buffer).setUint16(20, 2, true);
    expect(readWavLayout(bufferOf(adpcm))).toBeNull();
    const reordered = wavBytes({ seconds: 0.1, sampleRate: 8_000, channels: 1, bits: 16 });
    new DataView(reordered.buffer).setUint32(12, 0x61746164, false); // 'data' where 'fmt ' was
    expect(readWavLayout(bufferOf(reordered))).toBeNull();
  });
});

describe('decoding a WAV file’s samples', () => {
  it.each([
    // Samples land in 32-bit floats, so no format is read closer than about 1e-7.
    { name: '8-bit integer', bits: 8, float: false, tolerance: 1 / 100 },
    { name: '16-bit integer', bits: 16, float: false, tolerance: 1e-4 },
    { name: '24-bit integer', bits: 24, float: false, tolerance: 1e-6 },
    { name: '32-bit integer', bits: 32, float: false, tolerance: 1e-7 },
    { name: '32-bit float', bits: 32, float: true, tolerance: 1e-7 },
    { name: '64-bit float', bits: 64, float: true, tolerance: 1e-7 },
  ] as const)('reads $name samples into one array per channel', ({ bits, float, tolerance }) => {
    const bytes = bufferOf(wavBytes({ seconds: 0.05, sampleRate: 8_000, channels: 2, bits, float }));
    const layout = readWavLayout(bytes);
    if (!layout) throw new Error('layout expected');
    const sound = decodeWav(bytes, layout);
    expect(sound.sampleRate).toBe(8_000);
    expect(sound.channels).toHaveLength(2);
    for (const [channel, samples] of sound.channels.entries()) {
      expect(samples).toHaveLength(400);
      for (const frame of [0, 7, 133, 399]) {
        expect(Math.abs((samples[frame] ?? Number.NaN) - toneAt(channel, frame, 8_000))).toBeLessThan(tolerance);
      }
    }
  });

  it('reports its progress chunk by chunk, ending at 1', () => {
    const bytes = bufferOf(wavBytes({ seconds: 10, sampleRate: 16_000, channels: 1, bits: 16 }));
    const layout = readWavLayout(bytes);
    if (!layout) throw new Error('layout expected');
    const fractions: number[] = [];
    decodeWav(bytes, layout, (fraction) => fractions.push(fraction));
    expect(fractions.length).toBeGreaterThan(3);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(fractions.at(-1)).toBe(1);
  });
});

describe('making the mono 16-bit samples the encoder takes', () => {
  it('keeps a sound’s rate when an MP3 carries it at 128 kbps, and goes up to the next one otherwise', () => {
    expect([8_000, 11_025, 16_000, 22_050, 44_100, 48_000, 96_000].map(mp3SampleRate)).toEqual([
      16_000, 16_000, 16_000, 22_050, 44_100, 48_000, 48_000,
    ]);
  });

  it('averages the channels and clamps to 16 bits', () => {
    const left = Float32Array.from([1, 0.5, -1, 2]);
    const right = Float32Array.from([0, -0.5, -1, 2]);
    expect([...monoSamples([left, right], 16_000, 16_000)]).toEqual([16_384, 0, -32_767, 32_767]);
  });

  it('resamples by linear interpolation, up and down', () => {
    const ramp = Float32Array.from([0, 0.5, 1, 0.5]);
    const level = (value: number) => Math.round((value / 32_767) * 1000) / 1000;
    expect([...monoSamples([ramp], 8_000, 16_000)].map(level)).toEqual([0, 0.25, 0.5, 0.75, 1, 0.75, 0.5, 0.5]);
    expect([...monoSamples([ramp], 96_000, 48_000)].map((value) => Math.round(value / 327.67))).toEqual([0, 100]);
  });

  it('reports progress and gives nothing for no sound', () => {
    const fractions: number[] = [];
    monoSamples([new Float32Array(200_000)], 44_100, 44_100, (fraction) => fractions.push(fraction));
    expect(fractions).toHaveLength(4);
    expect(fractions.at(-1)).toBe(1);
    expect(monoSamples([], 44_100, 44_100)).toHaveLength(0);
  });
});

describe('the progress bar’s percent for each stage', () => {
  it('starts each stage at the spec’s percent and keeps within it', () => {
    expect(percentFor('reading')).toBe(10);
    expect([percentFor('decoding', 0), percentFor('decoding', 1)]).toEqual([20, 39]);
    expect([percentFor('processing', 0), percentFor('processing', 1)]).toEqual([40, 59]);
    expect([percentFor('encoding', 0), percentFor('encoding', 0.5), percentFor('encoding', 2)]).toEqual([60, 75, 90]);
    expect([percentFor('finalizing'), percentFor('complete')]).toEqual([95, 100]);
    expect(percentFor('encoding', Number.NaN)).toBe(60);
  });

  it('passes a report on only when the stage or the whole percent changes', () => {
    const sent: ConversionProgress[] = [];
    const report = changesOnly((progress) => sent.push(progress));
    for (let step = 0; step <= 1000; step += 1) report('encoding', step / 1000);
    report('finalizing');
    report('finalizing');
    expect(sent).toHaveLength(32);
    expect(sent[0]).toEqual({ stage: 'encoding', percent: 60 });
    expect(sent.at(-1)).toEqual({ stage: 'finalizing', percent: 95 });
  });
});

describe('the conversion worker’s answers', () => {
  // The same LAME build the worker fetches from the site, read here from the package.
  const loadLame = async () =>
    createEncoder('audio/mpeg', await readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3')));
  const answers = async (request: Parameters<typeof handleConversionRequest>[0]) => {
    const replies: ConversionReply[] = [];
    await handleConversionRequest(request, (reply) => replies.push(reply), loadLame);
    return replies;
  };

  it('turns a WAV into an MP3, reporting decoding, processing, encoding and finalizing in order', async () => {
    const replies = await answers({
      type: 'convert',
      bytes: bufferOf(wavBytes({ seconds: 2, sampleRate: 22_050, channels: 2, bits: 16 })),
    });
    const stages = replies.flatMap((reply) => (reply.type === 'progress' ? [reply.progress.stage] : []));
    expect(stages.filter((stage, index) => stage !== stages[index - 1])).toEqual([
      'decoding',
      'processing',
      'encoding',
      'finalizing',
    ]);
    const last = replies.at(-1);
    if (last?.type !== 'done') throw new Error(`expected done, got ${last?.type}`);
    const mp3 = new Uint8Array(last.mp3);
    expect(mp3[0]).toBe(0xff);
    // 2 s at 128 kbps is about 32 kB.
    expect(mp3.length).toBeGreaterThan(28_000);
    expect(mp3.length).toBeLessThan(40_000);
  });

  it('hands bytes it cannot decode back to the page, and encodes the sound the page decodes', async () => {
    const bytes = new TextEncoder().encode('a webm file, say').buffer;
    expect(await answers({ type: 'convert', bytes })).toEqual([{ type: 'decode-in-page', bytes }]);
    const sound = { sampleRate: 48_000, channels: [new Float32Array(48_000).map((_, i) => toneAt(0, i, 48_000))] };
    expect((await answers({ type: 'encode', sound })).at(-1)?.type).toBe('done');
  });

  it('fails with “decode failed” for a WAV without a single frame', async () => {
    const replies = await answers({
      type: 'convert',
      bytes: bufferOf(wavBytes({ seconds: 0, sampleRate: 8_000, channels: 1, bits: 16 })),
    });
    expect(replies.at(-1)).toEqual({
      type: 'failed',
      kind: 'decodeFailed',
    });
  });
});
