import { describe, expect, it } from 'vitest';
import { normalizeAudioUrl } from '@/lib/speech-task/audio-url';
import { POLLING, progressLabel, providerADelayMs, statusKind } from '@/lib/speech-task/polling';
import { friendlyTaskError, generateScreenError, isVoiceProcessingError } from '@/lib/speech-task/task-errors';
import { taskIdFrom } from '@/lib/speech-task/tts-response';

const ORIGIN = 'https://sayso.example';

describe('audio URLs', () => {
  it('unwraps a proxy URL to the address in its url parameter', () => {
    const cdn = 'https://cdn.example.net/a/b.mp3?sig=1';
    expect(normalizeAudioUrl(`/api/proxy?url=${encodeURIComponent(cdn)}`, ORIGIN)).toBe(cdn);
  });
  it('keeps a proxy URL with a file parameter, made absolute', () => {
    expect(normalizeAudioUrl('/api/audio?file=abc.mp3', ORIGIN)).toBe('https://sayso.example/api/audio?file=abc.mp3');
  });
  it('uses a direct URL as it is', () => {
    expect(normalizeAudioUrl('https://cdn.example.net/x.mp3', ORIGIN)).toBe('https://cdn.example.net/x.mp3');
  });
});

describe('task failures', () => {
  it.each([
    ['tts_chunk_error at chunk 3', /^Voice processing error/],
    ['Text too long for model', /^The text is too long/],
    ['text exceeds max length', /^The text is too long/],
    ['voice not found: abc', /^The selected voice is not available/],
    ['upstream timeout', /^Request timed out/],
    ['rate limit hit', /^Too many requests/],
    ['Bad Request: field', /^Invalid input/],
  ])('maps "%s"', (raw, shown) => {
    expect(friendlyTaskError(raw)).toMatch(shown);
  });
  it('words a chunk failure exactly as the spec does', () => {
    expect(friendlyTaskError('tts_chunk_error')).toBe(
      'Voice processing error: the voice may be corrupted; create a new clone with better audio, use a different voice, or use a file of at least 10 seconds',
    );
    // The cloning screen recognises the failure after it has been worded, to show its help list.
    expect(isVoiceProcessingError(friendlyTaskError('chunk 3 failed'))).toBe(true);
    expect(isVoiceProcessingError('Request timed out. Please try again.')).toBe(false);
  });
  it('passes other messages through, and names an empty one', () => {
    expect(friendlyTaskError('disk full')).toBe('disk full');
    expect(friendlyTaskError('')).toBe('Unknown error occurred');
    expect(isVoiceProcessingError('chunk failed')).toBe(true);
  });
  it('words generate-screen errors as the spec says', () => {
    expect(generateScreenError(new Error('NetworkError when attempting to fetch'))).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(generateScreenError(new Error('Task failed'))).toBe('Error generating voice. Try again.');
    expect(generateScreenError(new Error(''))).toBe('Failed to generate voice');
  });
});

describe('submission answers', () => {
  it('reads task_id or id', () => {
    expect(taskIdFrom({ task_id: 't1' })).toBe('t1');
    expect(taskIdFrom({ id: 'i1' })).toBe('i1');
    expect(taskIdFrom({})).toBeNull();
  });
  it('throws the provider error forms', () => {
    expect(() => taskIdFrom({ error: 'bad voice' })).toThrow('TTS Error: bad voice');
    expect(() => taskIdFrom({ ec_code: 1004, msg: 'auth failed' })).toThrow('TTS Error: auth failed');
    expect(() => taskIdFrom({ ec_code: 2013, error: 'param' })).toThrow('TTS Error: param');
    expect(() => taskIdFrom({ ec_code: '3', msg: '' })).toThrow('Error code: 3');
  });
  it('reads the error field before the code and its msg', () => {
    expect(() => taskIdFrom({ error: 'voice missing', ec_code: 1004, msg: 'auth failed' })).toThrow(
      /^TTS Error: voice missing$/,
    );
    expect(() => taskIdFrom({ error: 'quota', ec_code: 0, task_id: 't' })).toThrow('TTS Error: quota');
    expect(() => taskIdFrom({ ec_code: 7 })).toThrow('Error code: 7');
    expect(taskIdFrom({ ec_code: 0, task_id: 'ok' })).toBe('ok');
  });
});

describe('polling', () => {
  it('follows provider A’s schedule', () => {
    expect([1, 10, 11, 30, 31, 60, 61, 120].map(providerADelayMs)).toEqual([
      3000, 3000, 5000, 5000, 8000, 8000, 10000, 10000,
    ]);
    expect(POLLING.providerB.maxTries).toBe(120);
    expect(POLLING.demo).toMatchObject({ maxTries: 60 });
    expect(POLLING.demo.delayMs()).toBe(3000);
  });
  it('classifies every status word of the spec', () => {
    for (const s of ['submitting', 'queued', 'in_progress', 'started', 'doing'])
      expect(statusKind(s)).toBe('in-progress');
    for (const s of ['done', 'completed', 'READY']) expect(statusKind(s)).toBe('finished');
    for (const s of ['error', 'failed']) expect(statusKind(s)).toBe('failed');
  });
  it('shows a percentage when known', () => {
    expect(progressLabel(42.4, 'running')).toBe('42%');
    expect(progressLabel(null, 'running')).toBe('Generating...');
    expect(progressLabel(undefined, 'processing')).toBe('Processing...');
  });
});
