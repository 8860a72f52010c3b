import { afterEach, describe, expect, it, vi } from 'vitest';
import { convertToMp3, readDuration } from '@/features/cloning/lib/audio-conversion';
import {
  CONVERSION_CANCELLED,
  CONVERSION_MESSAGES,
  CONVERSION_SCREEN_MESSAGES,
  conversionErrorMessage,
} from '@/features/cloning/lib/conversion-errors';
import type { ConversionProgress } from '@/features/cloning/lib/conversion-progress';
import { wavBytes } from './wav-fixtures';

/** A stand-in for the browser's decoded audio: one channel of a 220 Hz tone. */
function toneBuffer(seconds: number, sampleRate = 44_100) {
  const data = Float32Array.from(
    { length: Math.round(seconds * sampleRate) },
    (_, i) => Math.sin((2 * Math.PI * 220 * i) / sampleRate) * 0.5,
  );
  return { length: data.length, duration: seconds, sampleRate, numberOfChannels: 1, getChannelData: () => data };
}

/** Installs a fake Web Audio whose decodeAudioData gives `outcome` (jsdom has none of its own). */
function fakeAudioContext(outcome: () => Promise<unknown>) {
  vi.stubGlobal(
    'AudioContext',
    class {
      decodeAudioData = outcome;
      close = async () => {};
    },
  );
}

/** jsdom's File has no arrayBuffer(); a browser's does, so the sample gets one here. */
function wavFile() {
  const file = new File([new Uint8Array(64)], 'sample.wav', { type: 'audio/wav' });
  file.arrayBuffer = async () => new ArrayBuffer(64);
  return file;
}

/** Reads a jsdom Blob's bytes the way jsdom supports: with a FileReader. */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => Promise.reject(new Error('resolved')),
    (e) => e,
  );

describe('converting a sample to MP3 in the browser', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reports every stage in order, each from its spec percent, and returns a real MP3 named after the file', async () => {
    // 16 s at 22.05 kHz is just over 300 MP3 frames: enough for many encoding reports.
    fakeAudioContext(async () => toneBuffer(16, 22_050));
    const seen: ConversionProgress[] = [];
    const mp3 = await convertToMp3(wavFile(), (progress) => seen.push(progress));
    const stages = seen.map((step) => step.stage).filter((stage, index, all) => stage !== all[index - 1]);
    expect(stages).toEqual(['reading', 'decoding', 'processing', 'encoding', 'finalizing', 'complete']);
    const firstOf = (stage: string) => seen.find((step) => step.stage === stage)?.percent;
    expect(stages.map(firstOf)).toEqual([10, 20, 40, 60, 95, 100]);
    const percents = seen.map((step) => step.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    const encoding = seen.filter((step) => step.stage === 'encoding').map((step) => step.percent);
    expect(Math.max(...encoding)).toBe(90);
    expect(encoding.length).toBeGreaterThan(10);
    expect(seen.filter((step) => step.percent === 100)).toEqual([{ stage: 'complete', percent: 100 }]);
    expect(mp3.name).toBe('sample.mp3');
    expect(mp3.type).toBe('audio/mpeg');
    const head = (await bytesOf(mp3)).slice(0, 2);
    // An MPEG audio frame starts with eleven set sync bits.
    expect(head[0]).toBe(0xff);
    expect((head[1] ?? 0) & 0xe0).toBe(0xe0);
    // 16 s at 128 kbps is about 256 kB.
    expect(mp3.size).toBeGreaterThan(200_000);
    expect(mp3.size).toBeLessThan(300_000);
  }, 20_000);

  it('decodes a WAV itself, without Web Audio, with progress through the decoding stage', async () => {
    vi.stubGlobal('AudioContext', undefined);
    const bytes = wavBytes({ seconds: 12, sampleRate: 16_000, channels: 2, bits: 16 });
    const file = new File([bytes], 'talk.wav', { type: 'audio/wav' });
    file.arrayBuffer = async () => bytes.slice().buffer;
    const seen: ConversionProgress[] = [];
    const mp3 = await convertToMp3(file, (progress) => seen.push(progress));
    const decoding = seen.filter((step) => step.stage === 'decoding').map((step) => step.percent);
    expect(decoding[0]).toBe(20);
    expect(Math.max(...decoding)).toBe(39);
    // 12 s at 128 kbps is about 192 kB.
    expect(mp3.size).toBeGreaterThan(170_000);
    expect(mp3.size).toBeLessThan(215_000);
    expect(await readDuration(file)).toBeCloseTo(12, 5);
  }, 20_000);

  it('says the file may be corrupted or unsupported when the browser cannot decode it', async () => {
    fakeAudioContext(async () => {
      throw new DOMException('Unable to decode audio data', 'EncodingError');
    });
    const error = await failure(convertToMp3(wavFile(), () => {}));
    expect(error.message).toBe(CONVERSION_MESSAGES.undecodable);
    expect(conversionErrorMessage(error)).toBe(
      'This file format is not supported. Please upload an MP3 file for best compatibility.',
    );
  });

  it('asks for a valid file when decoding fails otherwise or yields no sound', async () => {
    fakeAudioContext(async () => {
      throw new TypeError('detached buffer');
    });
    const thrown = await failure(convertToMp3(wavFile(), () => {}));
    expect(thrown.message).toBe(
      'Failed to decode audio file. Please ensure the file is a valid audio file and try again with an MP3 or WAV file for best compatibility.',
    );
    fakeAudioContext(async () => toneBuffer(0));
    const empty = await failure(convertToMp3(wavFile(), () => {}));
    expect(empty.message).toBe(CONVERSION_MESSAGES.decodeFailed);
    expect(conversionErrorMessage(empty)).toBe(CONVERSION_SCREEN_MESSAGES.format);
  });

  it('says the file is too large to process when memory runs out', async () => {
    fakeAudioContext(async () => {
      throw new RangeError('Array buffer allocation failed');
    });
    const error = await failure(convertToMp3(wavFile(), () => {}));
    expect(error.message).toBe(
      'File is too large to process. Please try with a smaller file (under 10MB recommended).',
    );
    expect(conversionErrorMessage(error)).toBe(
      'Conversion failed: File is too large to process. Please try with a smaller file (under 10MB recommended).',
    );
  });

  it('reports a plain conversion failure when processing the decoded sound breaks', async () => {
    fakeAudioContext(async () => ({
      ...toneBuffer(12),
      getChannelData: () => {
        throw new TypeError('channel gone');
      },
    }));
    const error = await failure(convertToMp3(wavFile(), () => {}));
    expect(error.message).toBe('Audio conversion failed. Please try with an MP3 or WAV file.');
    expect(conversionErrorMessage(error)).toBe(
      'Conversion failed: Audio conversion failed. Please try with an MP3 or WAV file.',
    );
  });

  it('tells a browser without Web Audio that conversion is not supported there', async () => {
    vi.stubGlobal('AudioContext', undefined);
    const error = await failure(convertToMp3(wavFile(), () => {}));
    expect(conversionErrorMessage(error)).toBe(
      'Audio conversion not supported in this browser. Please try uploading an MP3 file or use a different browser.',
    );
  });

  it('treats a file that can no longer be read as a network failure', async () => {
    fakeAudioContext(async () => toneBuffer(12));
    const file = wavFile();
    file.arrayBuffer = async () => {
      throw new DOMException('The requested file could not be read', 'NotReadableError');
    };
    const error = await failure(convertToMp3(file, () => {}));
    expect(conversionErrorMessage(error)).toBe(
      'Network error during conversion. Please check your connection and try again.',
    );
  });

  it('stops with “Conversion cancelled by user” once cancelled', async () => {
    fakeAudioContext(async () => toneBuffer(12));
    const controller = new AbortController();
    const error = await failure(
      convertToMp3(
        wavFile(),
        (progress) => {
          if (progress.stage === 'decoding') controller.abort();
        },
        controller.signal,
      ),
    );
    expect(conversionErrorMessage(error)).toBe(CONVERSION_CANCELLED);
  });
});

describe('the screen’s wording for a failed conversion', () => {
  it('maps decode, network and Web Audio failures from any source by type or name, and prefixes the rest', () => {
    expect(conversionErrorMessage(new DOMException('Unable to decode audio data', 'EncodingError'))).toBe(
      CONVERSION_SCREEN_MESSAGES.format,
    );
    expect(conversionErrorMessage(new DOMException('The file could not be read', 'NotReadableError'))).toBe(
      CONVERSION_SCREEN_MESSAGES.network,
    );
    expect(conversionErrorMessage(new DOMException('stopped', 'AbortError'))).toBe(CONVERSION_CANCELLED);
    // The words alone decide nothing.
    expect(conversionErrorMessage(new Error('Unable to decode audio data'))).toBe(
      'Conversion failed: Unable to decode audio data',
    );
    expect(conversionErrorMessage(new TypeError('NetworkError when attempting to fetch resource.'))).toBe(
      CONVERSION_SCREEN_MESSAGES.network,
    );
    expect(conversionErrorMessage(new ReferenceError('AudioContext is not defined'))).toBe(
      CONVERSION_SCREEN_MESSAGES.unsupported,
    );
    expect(conversionErrorMessage(new Error('encoder exploded'))).toBe('Conversion failed: encoder exploded');
  });
});
