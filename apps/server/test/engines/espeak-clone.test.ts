import { describe, expect, it } from 'vitest';
import { pcmToFloats } from '../../src/audio/pcm.js';
import { analyseVoice, type VoiceProfile } from '../../src/audio/voice-profile.js';
import { analyseSample, cloneEspeakVoice, cloneVoiceId } from '../../src/engines/espeak/clone.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { spokenSample } from '../helpers/samples.js';

const SPOKEN =
  'This is the cloned voice reading a new text. It should sit at the same height as the sample it came from, ' +
  'and keep the same pace from the first word to the last.';

const engine = createEspeakEngine();

async function speak(voiceId: string, text = SPOKEN): Promise<VoiceProfile> {
  const spoken = await engine.synthesize({
    text,
    voiceId,
    modelId: null,
    speed: 1,
    pitch: 0,
    volume: 1,
    language: null,
  });
  if (spoken.audio.format !== 'pcm16') throw new Error('expected PCM');
  return analyseVoice(pcmToFloats(spoken.audio.samples), spoken.audio.sampleRate);
}

const relativeMiss = (measured: number | null, target: number | null) =>
  Math.abs((measured ?? 0) - (target ?? 1)) / (target ?? 1);

describe('approximate clones on eSpeak NG', () => {
  it('speaks like a low slow sample and like a high fast one: pitch within 10%, rate within 20%, formants following', async () => {
    const results: { sample: VoiceProfile; clone: VoiceProfile }[] = [];
    for (const [voice, basePitch, wordsPerMinute] of [
      ['en-gb+m1', 15, 130],
      ['en-us+f4', 85, 240],
    ] as const) {
      const sample = await spokenSample(voice, basePitch, wordsPerMinute);
      const cloned = await engine.cloneVoice?.({
        sample,
        name: voice,
        language: 'english',
        previewText: 'Hello, this is my new voice. I hope you like how it sounds.',
        noiseReduction: true,
      });
      if (!cloned) throw new Error('eSpeak should clone');
      expect(cloned.approximate).toBe(true);
      results.push({ sample: analyseSample(sample), clone: await speak(cloned.voiceId) });
    }
    const [low, high] = results;
    if (!low || !high) throw new Error('two clones expected');
    for (const { sample, clone } of results) {
      expect(relativeMiss(clone.pitch.medianHz, sample.pitch.medianHz)).toBeLessThan(0.1);
      expect(relativeMiss(clone.rate.syllablesPerSecond, sample.rate.syllablesPerSecond)).toBeLessThan(0.2);
      // The 10th-90th percentile spread of pitch follows the sample's too, if more loosely.
      const sampleSpread = (sample.pitch.highHz ?? 0) - (sample.pitch.lowHz ?? 0);
      const cloneSpread = (clone.pitch.highHz ?? 0) - (clone.pitch.lowHz ?? 0);
      expect(relativeMiss(cloneSpread, sampleSpread)).toBeLessThan(0.4);
    }
    // The samples really differ, and so do their clones, in the same direction.
    expect((high.sample.pitch.medianHz ?? 0) / (low.sample.pitch.medianHz ?? 1)).toBeGreaterThan(2);
    expect((high.clone.pitch.medianHz ?? 0) / (low.clone.pitch.medianHz ?? 1)).toBeGreaterThan(2);
    expect((high.sample.rate.syllablesPerSecond ?? 0) / (low.sample.rate.syllablesPerSecond ?? 1)).toBeGreaterThan(1.2);
    expect((high.clone.rate.syllablesPerSecond ?? 0) / (low.clone.rate.syllablesPerSecond ?? 1)).toBeGreaterThan(1.2);
    expect(high.sample.formants.vocalTractCm ?? 0).toBeLessThan(low.sample.formants.vocalTractCm ?? 0);
    expect(high.clone.formants.vocalTractCm ?? 0).toBeLessThan(low.clone.formants.vocalTractCm ?? 0);
  }, 90_000);

  it('keeps its fitted settings in the voice id and reads them back', () => {
    const spec = {
      language: 'en-gb',
      gender: 'f' as const,
      baseHz: 182,
      topHz: 240,
      formantPercent: 112,
      wordsPerMinute: 196,
    };
    const id = cloneVoiceId(spec);
    // Every fitted setting comes back from the id alone: language, gender, pitch, formants, speed.
    const voice = cloneEspeakVoice(id);
    expect(voice).toMatchObject({ name: 'en-gb+sayso-clone', wordsPerMinute: 196 });
    expect(voice?.variant?.text).toContain('gender female');
    expect(voice?.variant?.text).toContain('pitch 182 240');
    expect(voice?.variant?.text).toContain('formant 2 112');
  });

  it('still speaks with clones saved under the older id format, at their base pitch', async () => {
    const low = await speak('ec-en-us-m3-p10-abc123', 'Hello there, this is an older clone.');
    const high = await speak('ec-en-us-m3-p90-abc123', 'Hello there, this is an older clone.');
    expect(high.pitch.medianHz ?? 0).toBeGreaterThan((low.pitch.medianHz ?? 0) * 1.3);
  }, 30_000);
});
