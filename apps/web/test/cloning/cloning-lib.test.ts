import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cloneVoice, DEFAULT_PREVIEW_TEXT, readCloneAnswer } from '@/features/cloning/api/clone-voice';
import { createVoiceProblem } from '@/features/cloning/lib/create-voice-checks';
import { generateProblem } from '@/features/cloning/lib/generate-checks';
import { CLONE_LANGUAGES, greetingFor, languageLabel } from '@/features/cloning/lib/languages';
import { findTaskByText, sameText, TASK_NOT_FOUND_MESSAGE } from '@/features/cloning/lib/task-search';
import { isAcceptedFile, validateUpload } from '@/features/cloning/lib/upload-validation';
import { resetSpacing } from '@/features/speech/lib/spaced-request';

const fileOf = (name: string, size = 1_000, type = '') => {
  const file = new File([new Uint8Array(Math.min(size, 10))], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('upload checks, in the spec’s order', () => {
  it('accepts by extension or media type and names an unsupported extension in capitals', async () => {
    expect(isAcceptedFile(fileOf('a.mov'))).toBe(true);
    expect(isAcceptedFile(fileOf('clip', 10, 'video/webm'))).toBe(true);
    expect(isAcceptedFile(fileOf('notes.txt', 10, 'text/plain'))).toBe(false);
    expect(await validateUpload(fileOf('notes.txt', 10, 'text/plain'), async () => 30)).toBe(
      'Unsupported file format: TXT. Please upload a valid audio or video file.',
    );
  });

  it('checks size before it reads the audio, then readability, then 10-300 seconds', async () => {
    const never = vi.fn(async () => 30);
    expect(await validateUpload(fileOf('big.wav', 20 * 1024 * 1024 + 1), never)).toBe('File size exceeds 20MB limit.');
    expect(never).not.toHaveBeenCalled();
    expect(
      await validateUpload(fileOf('bad.wav'), async () => {
        throw new Error('decode');
      }),
    ).toBe("Unable to read audio file. Please make sure it's a valid audio file.");
    expect(await validateUpload(fileOf('short.wav'), async () => 9.9)).toBe(
      'Audio file must be at least 10 seconds long.',
    );
    expect(await validateUpload(fileOf('long.wav'), async () => 300.5)).toBe(
      'Audio file must be no longer than 5 minutes (300 seconds).',
    );
    expect(await validateUpload(fileOf('fine.wav'), async () => 15)).toBeNull();
  });
});

describe('create-voice checks, in the spec’s order', () => {
  const ready = { alreadyCreated: false, savedVoices: 0, file: fileOf('a.mp3'), voiceName: 'Me', sampleText: 'Hello' };
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'already created',
      { alreadyCreated: true, savedVoices: 5 },
      'Voice has already been created. Please upload a new file to create another voice.',
    ],
    ['five voices', { savedVoices: 5, file: null }, 'limit'],
    ['no file', { file: null, voiceName: '' }, 'Please upload an audio file first.'],
    ['no name', { voiceName: '  ', sampleText: '' }, 'Please enter a voice name.'],
    ['no sample text', { sampleText: ' ' }, 'Please enter sample text.'],
    ['sample text too long', { sampleText: 'x'.repeat(301) }, 'Sample text must be 300 characters or less.'],
    ['not a File', { file: { name: 'a.mp3' } }, 'Invalid file object. Please upload the file again.'],
    ['empty file', { file: fileOf('empty.mp3', 0) }, 'The uploaded file is empty. Please select a valid audio file.'],
  ];
  for (const [label, change, expected] of cases) {
    it(`${label}: ${expected}`, () => {
      expect(createVoiceProblem({ ...ready, ...change })).toBe(expected);
    });
  }
  it('lets a complete form through', () => expect(createVoiceProblem(ready)).toBeNull());
});

describe('/dashboard3 generate checks', () => {
  it('asks to wait out the 5 s cooldown, then for a voice, text, and at most 5,000 characters', () => {
    const base = { now: 10_000, lastAttemptAt: null, voiceId: 'v', text: 'Hi' };
    expect(generateProblem({ ...base, lastAttemptAt: 7_500 })).toBe(
      'Please wait 3 more seconds before generating again.',
    );
    expect(generateProblem({ ...base, voiceId: null })).toBe('Please select or create a voice first.');
    expect(generateProblem({ ...base, text: ' ' })).toBe('Please enter text to generate.');
    expect(generateProblem({ ...base, text: 'x'.repeat(5_001) })).toBe(
      'Text is too long. Please keep it under 5000 characters. Longer texts may cause processing errors.',
    );
    expect(generateProblem(base)).toBeNull();
  });
});

describe('the clone helper', () => {
  beforeEach(() => resetSpacing());
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a missing or non-File input and an empty name', async () => {
    await expect(cloneVoice(null, 'Me')).rejects.toThrow('Audio file is required and must be a valid File object');
    await expect(cloneVoice({ name: 'a.mp3' }, 'Me')).rejects.toThrow(
      'Audio file is required and must be a valid File object',
    );
    await expect(cloneVoice(fileOf('a.mp3'), ' ')).rejects.toThrow('Voice name is required');
  });

  it('sends the form with its defaults', async () => {
    let sent: FormData | null = null;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent = init.body as FormData;
        return new Response('{"clone_voice_id":"v1","voice_name":"Me","mp3_link":"/s.mp3"}', { status: 200 });
      }),
    );
    const created = await cloneVoice(fileOf('a.mp3'), 'Me');
    expect(created).toMatchObject({ voiceId: 'v1', voiceName: 'Me', sampleLink: '/s.mp3' });
    const form = sent as unknown as FormData;
    expect(form.get('language_tag')).toBe('English');
    expect(form.get('need_noise_reduction')).toBe('true');
    expect(form.get('preview_text')).toBe(DEFAULT_PREVIEW_TEXT);
  });

  it('reads the id, name and sample link from every shape the spec allows', () => {
    expect(readCloneAnswer({ id: 'a', name: 'N', audio_url: '/x' }, 'f')).toMatchObject({
      voiceId: 'a',
      voiceName: 'N',
      sampleLink: '/x',
    });
    expect(readCloneAnswer({ success: true, data: { voice_id: 'b', sample_audio: '/y' } }, 'fallback')).toMatchObject({
      voiceId: 'b',
      voiceName: 'fallback',
      sampleLink: '/y',
    });
    expect(readCloneAnswer({}, 'f').voiceId).toBeNull();
  });
});

describe('finding a task by its text when no id came back', () => {
  it('matches either way round, ignoring case', () => {
    expect(sameText('Hello World', 'hello world, and more')).toBe(true);
    expect(sameText('HELLO', 'say hello')).toBe(true);
    expect(sameText('one', 'two')).toBe(false);
  });

  it('polls every 3 s, waits 5 s after an error (counting it), and finds the task', async () => {
    const waits: number[] = [];
    const answers: (() => Promise<{ id: string; input: unknown }[]>)[] = [
      async () => [],
      async () => {
        throw new Error('busy');
      },
      async () => [{ id: 'other', input: 'something else' }],
      async () => [{ id: 't9', input: [{ text: 'Read ' }, 'this aloud'] }],
    ];
    const id = await findTaskByText(
      'read this aloud',
      () => (answers.shift() ?? (async () => []))() as never,
      async (ms) => {
        waits.push(ms);
      },
    );
    expect(id).toBe('t9');
    expect(waits).toEqual([3_000, 5_000, 3_000]);
  });

  it('gives up after 120 attempts', async () => {
    let attempts = 0;
    await expect(
      findTaskByText(
        'x',
        async () => {
          attempts += 1;
          return [];
        },
        async () => {},
      ),
    ).rejects.toThrow(TASK_NOT_FOUND_MESSAGE);
    expect(attempts).toBe(120);
  });
});

describe('clone languages', () => {
  it('lists 40 languages in the spec’s order with Mandarin for chinese and the English greeting for cantonese', () => {
    expect(CLONE_LANGUAGES).toHaveLength(40);
    expect(CLONE_LANGUAGES.slice(0, 5)).toEqual(['english', 'vietnamese', 'arabic', 'cantonese', 'chinese']);
    expect(languageLabel('chinese')).toBe('Mandarin');
    expect(greetingFor('cantonese')).toBe(greetingFor('english'));
    expect(greetingFor('french')).not.toBe(greetingFor('english'));
  });
});
