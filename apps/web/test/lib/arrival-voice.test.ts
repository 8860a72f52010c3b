import { afterEach, describe, expect, it } from 'vitest';
import {
  type ArrivalCandidate,
  arrivalClonedVoice,
  arrivalVoice,
  rememberedVoice,
  rememberVoice,
} from '@/lib/arrival-voice';

const voice = (id: string, kind: ArrivalCandidate['kind'], locale: string): ArrivalCandidate => ({
  id,
  kind,
  locale,
  language: locale.split('-')[0] ?? null,
});

const ESPEAK_GB = voice('espeak-en-gb', 'espeak', 'en-GB');
const ESPEAK_US = voice('espeak-en-us', 'espeak', 'en-US');
const ESPEAK_DE = voice('espeak-de', 'espeak', 'de-DE');
const KOKORO_US = voice('kokoro-af-heart', 'neural', 'en-US');
const KOKORO_GB = voice('kokoro-bf-emma', 'neural', 'en-GB');
const CLOUD_US = voice('cloud-rachel', 'cloud', 'en-US');
const PIPER_FR = voice('piper-fr-siwis', 'neural', 'fr-FR');

describe('the voice a studio opens with', () => {
  it('is the voice used last, while the list still offers it', () => {
    expect(arrivalVoice([KOKORO_US, ESPEAK_GB], ESPEAK_GB.id, ['en-US'])).toBe(ESPEAK_GB.id);
  });

  it('ignores a remembered voice the list no longer offers', () => {
    expect(arrivalVoice([ESPEAK_US, KOKORO_US], 'removed-model-voice', ['en-US'])).toBe(KOKORO_US.id);
  });

  it('prefers a neural voice, then a cloud voice, then eSpeak', () => {
    expect(arrivalVoice([ESPEAK_US, CLOUD_US, KOKORO_US], null, ['en-US'])).toBe(KOKORO_US.id);
    expect(arrivalVoice([ESPEAK_US, CLOUD_US], null, ['en-US'])).toBe(CLOUD_US.id);
  });

  it('among voices of one kind, takes the browser’s own locale', () => {
    expect(arrivalVoice([ESPEAK_US, ESPEAK_GB], null, ['en-GB'])).toBe(ESPEAK_GB.id);
    expect(arrivalVoice([KOKORO_US, KOKORO_GB], null, ['en-GB', 'en'])).toBe(KOKORO_GB.id);
  });

  it('takes a natural voice of the language over eSpeak of the exact locale', () => {
    expect(arrivalVoice([ESPEAK_GB, KOKORO_US], null, ['en-GB'])).toBe(KOKORO_US.id);
  });

  it('speaks the browser’s language before a more natural voice of another', () => {
    expect(arrivalVoice([KOKORO_US, ESPEAK_DE], null, ['de-DE', 'en-US'])).toBe(ESPEAK_DE.id);
  });

  it('follows the browser’s order of languages', () => {
    expect(arrivalVoice([ESPEAK_DE, PIPER_FR, KOKORO_US], null, ['ja-JP', 'fr-CA', 'de'])).toBe(PIPER_FR.id);
  });

  it('falls back to English when nothing speaks the browser’s languages', () => {
    expect(arrivalVoice([ESPEAK_DE, ESPEAK_US, KOKORO_US], null, ['ja-JP'])).toBe(KOKORO_US.id);
  });

  it('falls back to the first voice when nothing speaks English either, and to none for an empty list', () => {
    expect(arrivalVoice([ESPEAK_DE, PIPER_FR], null, ['ja'])).toBe(ESPEAK_DE.id);
    expect(arrivalVoice([], null, ['en-US'])).toBeNull();
  });

  it('reads the language from the locale when the voice names none, whatever the case', () => {
    const bare = { id: 'bare-gb', kind: 'neural' as const, locale: 'EN_gb' };
    expect(arrivalVoice([ESPEAK_US, bare], null, ['en-gb'])).toBe('bare-gb');
  });
});

describe('the cloned voice /dashboard3 opens with', () => {
  const OLD = { voiceId: 'v-old', createdAt: '2026-01-01T10:00:00.000Z' };
  const NEW = { voiceId: 'v-new', createdAt: '2026-03-01T10:00:00.000Z' };
  const MID = { voiceId: 'v-mid', createdAt: '2026-02-01T10:00:00.000Z' };

  it('is the voice used last while it exists', () => {
    expect(arrivalClonedVoice([OLD, NEW, MID], 'v-old')).toBe(OLD);
  });

  it('is otherwise the newest voice, whatever the list’s order', () => {
    expect(arrivalClonedVoice([OLD, NEW, MID], null)).toBe(NEW);
    expect(arrivalClonedVoice([MID, OLD, NEW], 'deleted-voice')).toBe(NEW);
  });

  it('is none when there are no voices', () => {
    expect(arrivalClonedVoice([], 'v-old')).toBeNull();
  });
});

describe('remembered voices', () => {
  afterEach(() => window.localStorage.clear());

  it('are read back from this browser, and are none until one is remembered', () => {
    expect(rememberedVoice('sayso.test-voice')).toBeNull();
    rememberVoice('sayso.test-voice', 'en-gb-male');
    expect(rememberedVoice('sayso.test-voice')).toBe('en-gb-male');
  });
});
