import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createVoiceFailure } from '@/features/cloning/lib/create-voice-checks';
import { ApiError, apiRequest } from '@/lib/api-client';
import { generateScreenError, isVoiceProcessingFailure, taskFailure } from '@/lib/speech-task/task-errors';

/** The server answering one request with an error body, as its error handler sends them. */
function serverRefuses(status: number, body: object) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
  );
}

async function refusal(status: number, body: object): Promise<ApiError> {
  serverRefuses(status, body);
  const error = await apiRequest('/anything').catch((caught: unknown) => caught);
  if (!(error instanceof ApiError)) throw new Error('expected an ApiError');
  return error;
}

afterEach(() => vi.unstubAllGlobals());

describe('a server that rewords its messages', () => {
  it('hands the code to the client with the message', async () => {
    const error = await refusal(404, { error: 'Credit pack not found', code: 'PACK_NOT_FOUND' });
    expect(error).toMatchObject({ status: 404, code: 'PACK_NOT_FOUND', message: 'Credit pack not found' });
    // better-auth's answers carry `{ code, message }`.
    expect(await refusal(400, { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' })).toMatchObject({
      code: 'PASSWORD_TOO_SHORT',
    });
  });

  it('still opens the Voice Limit popup', async () => {
    for (const words of ['You have reached the maximum limit of 5 cloned voices', 'Five voices is all you get']) {
      expect(createVoiceFailure(await refusal(409, { error: words, code: 'VOICE_LIMIT_REACHED' }))).toBe('limit');
    }
  });

  it('still shows the same failure table line and the help list for a failed task', () => {
    for (const words of ['tts_chunk_error at chunk 3', 'The voice could not be processed']) {
      const failure = taskFailure({ error_code: 'VOICE_PROCESSING', error_message: words, error: words });
      expect(failure.message).toMatch(/^Voice processing error: the voice may be corrupted/);
      expect(isVoiceProcessingFailure(failure)).toBe(true);
      expect(generateScreenError(failure)).toBe(failure.message);
    }
    for (const words of ['upstream timeout', 'The engine took too long']) {
      const failure = taskFailure({ error_code: 'TIMEOUT', error_message: words });
      expect(generateScreenError(failure)).toBe('Request timed out. Please try again.');
    }
  });

  it('no longer takes words for a code: a message that sounds like a limit is not one', async () => {
    const lookalike = await refusal(409, { error: 'You have reached the maximum limit of 5 cloned voices', code: 'X' });
    expect(createVoiceFailure(lookalike)).toBe('Failed to create voice. Please try again.');
    const chunky = taskFailure({ error_code: 'ENGINE_FAILED', error_message: 'tts_chunk_error' });
    expect(isVoiceProcessingFailure(chunky)).toBe(false);
  });
});

/**
 * The web decides on codes, statuses and error types, never on an error's words. This scan finds
 * the ways words were tested before (issue 36): a regular expression run on a message or error, a
 * message compared with a quoted string, and a message searched with includes/startsWith/match.
 * Comparing with one of the web's own constants (an UPPER_CASE name such as the poller's timeout
 * line) is caught too: the web's own failures are told apart by their type (PollingStoppedError) or
 * a flag set from a code, never by the words shown. `typeof x === 'string'` passes.
 */
const TEXT_CHECKS: { rule: string; pattern: RegExp }[] = [
  // A literal or one kept in a table (`rule.test.test(message)`) alike.
  {
    rule: 'a regular expression tested on a message or error',
    pattern: /\.test\([^)]*\b(message|error|reason|detail)/i,
  },
  { rule: 'a message compared with quoted words', pattern: /\b(message|error)\s*[!=]==?\s*['"`]/ },
  { rule: 'quoted words compared with a message', pattern: /['"`]\s*[!=]==?\s*[\w.]*\b(message|error)\b/ },
  {
    rule: 'a message compared with a constant of words',
    pattern:
      /\b(message|error|line)\s*[!=]==?\s*[A-Z][A-Z0-9_]+\b|\b[A-Z][A-Z0-9_]+\s*[!=]==?\s*[\w.]*\b(message|line)\b/,
  },
  {
    rule: 'a message searched for words',
    pattern: /\b(message|error)\??\.(includes|startsWith|endsWith|match|search)\(/,
  },
];

/** The text checks in one file's source, as `line: rule`. */
function textChecksIn(source: string): string[] {
  return source.split('\n').flatMap((line, index) => {
    const code = line.replace(/typeof\s+[\w.?]+\s*[!=]==?\s*'[a-z]+'/g, '');
    return TEXT_CHECKS.filter(({ pattern }) => pattern.test(code)).map(({ rule }) => `${index + 1}: ${rule}`);
  });
}

// This file runs in jsdom, where import.meta.url is not a file URL; the test runs from the repository root.
const webSource = path.resolve(process.cwd(), 'apps/web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

describe('the web app’s source', () => {
  it('catches the ways error text was tested before', () => {
    expect(textChecksIn("if (/password too short/i.test(error.message)) return 'x';")).toHaveLength(1);
    expect(textChecksIn("if (message === 'Task failed') return 'x';")).toHaveLength(1);
    expect(textChecksIn("if ('Task failed' === error.message) return 'x';")).toHaveLength(1);
    expect(textChecksIn('return RULES.find((rule) => rule.test.test(message))?.message ?? message;')).toHaveLength(1);
    expect(textChecksIn("if (/maximum limit of 5 cloned voices/.test(message)) return 'limit';")).toHaveLength(1);
    expect(textChecksIn("if (error.message.includes('not found')) return null;")).toHaveLength(1);
    expect(textChecksIn("if (typeof body.error === 'string') message = body.error;")).toEqual([]);
    expect(textChecksIn('if (message === NO_AUDIO_URL_MESSAGE) return message;')).toHaveLength(1);
    expect(textChecksIn('const isVoiceLine = (line: string) => line === VOICE_PROCESSING_MESSAGE;')).toHaveLength(1);
    expect(textChecksIn('if (error instanceof PollingStoppedError) return error.message;')).toEqual([]);
  });

  it('decides nothing on the words of an error', () => {
    const found = sourceFiles(webSource).flatMap((file) =>
      textChecksIn(readFileSync(file, 'utf8')).map((hit) => `${path.relative(webSource, file)}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
