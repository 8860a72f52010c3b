import { describe, expect, it } from 'vitest';
import { downsample, measurePitch } from '../../src/audio/pitch.js';
import { samplePitch } from '../../src/engines/espeak/clone.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { spokenSampleWav } from '../helpers/samples.js';

const SPOKEN =
  'This is the cloned voice reading a new text. It should sit at the same height as the sample it came from.';

describe('approximate clones on eSpeak NG', () => {
  it('speaks at the measured pitch of a low and of a high sample, within 10%, and the two differ', async () => {
    const engine = createEspeakEngine();
    const results: { sampleHz: number; cloneHz: number; voiceId: string }[] = [];
    for (const [voice, basePitch] of [
      ['en-gb+m1', 15],
      ['en-us+f4', 85],
    ] as const) {
      const sample = await spokenSampleWav(voice, basePitch);
      const cloned = await engine.cloneVoice?.({
        sample,
        sampleFileName: 'sample.wav',
        name: voice,
        language: 'English',
        previewText: 'Hello, this is my new voice. I hope you like how it sounds.',
        noiseReduction: true,
      });
      if (!cloned) throw new Error('eSpeak should clone');
      expect(cloned.approximate).toBe(true);
      const spoken = await engine.synthesize({
        text: SPOKEN,
        voiceId: cloned.voiceId,
        modelId: null,
        speed: 1,
        pitch: 0,
        volume: 1,
        language: null,
      });
      if (spoken.audio.format !== 'pcm16') throw new Error('expected PCM');
      const floats = Float32Array.from(spoken.audio.samples, (value) => value / 32_768);
      const small = downsample(floats, spoken.audio.sampleRate);
      results.push({
        sampleHz: await samplePitch(sample),
        cloneHz: measurePitch(small.samples, small.sampleRate, 30).medianHz ?? 0,
        voiceId: cloned.voiceId,
      });
    }
    const [low, high] = results;
    if (!low || !high) throw new Error('two clones expected');
    for (const { sampleHz, cloneHz } of results) expect(Math.abs(cloneHz - sampleHz) / sampleHz).toBeLessThan(0.1);
    expect(high.sampleHz / low.sampleHz).toBeGreaterThan(2);
    expect(high.cloneHz / low.cloneHz).toBeGreaterThan(2);
    expect(high.voiceId).not.toBe(low.voiceId);
  }, 60_000);
});
