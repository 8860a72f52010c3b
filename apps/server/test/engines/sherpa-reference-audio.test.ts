import { describe, expect, it } from 'vitest';
import { decodeReference, encodeReference } from '../../src/engines/sherpa/reference-audio.js';

describe('a clone’s stored reference', () => {
  it('keeps the samples, their rate and the sample’s transcript', () => {
    const samples = new Float32Array([0.25, -0.5, 0.125]);
    const stored = encodeReference({ samples, sampleRate: 24_000, transcript: 'Grüß Gott, 你好.' });
    expect(decodeReference(stored)).toEqual({ samples, sampleRate: 24_000, transcript: 'Grüß Gott, 你好.' });
    expect(decodeReference(encodeReference({ samples, sampleRate: 16_000 }))).toEqual({ samples, sampleRate: 16_000 });
  });

  it('still reads references stored before transcripts: the rate, then the samples', () => {
    const samples = new Float32Array([0.5, -0.25]);
    const before = Buffer.alloc(4 + samples.byteLength);
    before.writeUInt32LE(22_050, 0);
    Buffer.from(samples.buffer).copy(before, 4);
    expect(decodeReference(before)).toEqual({ samples, sampleRate: 22_050 });
  });
});
