import { describe, expect, it } from 'vitest';
import { normalizeAudioUrl } from '@/lib/speech-task/audio-url';
import { POLLING, progressLabel, providerADelayMs, statusKind } from '@/lib/speech-task/polling';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { generateScreenError, isVoiceProcessingFailure, taskFailure } from '@/lib/speech-task/task-errors';
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
  const failed = (error_code: string | null, error_message: string | null) => ({ error_code, error_message });

  it.each([
    ['VOICE_PROCESSING', /^Voice processing error/],
    ['TEXT_TOO_LONG', /^The text is too long/],
    ['VOICE_UNAVAILABLE', /^The selected voice is not available/],
    ['TIMEOUT', /^Request timed out/],
    ['RATE_LIMITED', /^Too many requests/],
    ['INVALID_INPUT', /^Invalid input/],
    ['UNKNOWN_FAILURE', /^Unknown error occurred$/],
  ])('shows the failure table line for %s', (code, shown) => {
    expect(taskFailure(failed(code, 'whatever the server said')).message).toMatch(shown);
  });
  it('words a voice processing failure exactly as the spec does, and marks it for the help list', () => {
    const failure = taskFailure(failed('VOICE_PROCESSING', 'tts_chunk_error'));
    expect(failure.message).toBe(
      'Voice processing error: the voice may be corrupted; create a new clone with better audio, use a different voice, or use a file of at least 10 seconds',
    );
    expect(isVoiceProcessingFailure(failure)).toBe(true);
    expect(isVoiceProcessingFailure(taskFailure(failed('TIMEOUT', 'chunk 3 failed')))).toBe(false);
  });
  it("shows the server's words for a code without a line of its own", () => {
    expect(
      taskFailure(failed('ENGINE_FAILED', 'The speech service failed (HTTP 503). Please try again.')).message,
    ).toBe('The speech service failed (HTTP 503). Please try again.');
    expect(taskFailure({ error_code: null, error: 'disk full' }).message).toBe('disk full');
  });
  it('words generate-screen errors as the spec says', () => {
    expect(generateScreenError(new ApiError(NETWORK_ERROR_MESSAGE, 0, null, NETWORK_ERROR_CODE))).toBe(
      'Network error. Please check your connection and try again.',
    );
    expect(generateScreenError(new DOMException('offline', 'NetworkError'))).toBe(
      'Network error. Please check your connection and try again.',
    );
    // A failed task that said nothing is the spec's 'Task failed'.
    expect(generateScreenError(taskFailure(failed(null, null)))).toBe('Error generating voice. Try again.');
    expect(generateScreenError(new Error(''))).toBe('Failed to generate voice');
    expect(generateScreenError(taskFailure(failed('TIMEOUT', 'x')))).toBe('Request timed out. Please try again.');
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
