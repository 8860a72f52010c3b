import { CLONE_LANGUAGE_TAGS, cloneLanguageLabel } from '@sayso/contract/languages';
import { DEFAULT_PREVIEW_TEXT } from '@sayso/contract/voices';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cloneVoice, readCloneAnswer } from '@/features/cloning/api/clone-voice';
import {
  CloneRequestProblem,
  createVoiceFailure,
  createVoiceProblem,
  NO_VOICE_ID_MESSAGE,
  voicesRequestFailure,
} from '@/features/cloning/lib/create-voice-checks';
import { generateProblem } from '@/features/cloning/lib/generate-checks';
import { greetingFor } from '@/features/cloning/lib/languages';
import { findTaskByText, sameText, TASK_NOT_FOUND_MESSAGE } from '@/features/cloning/lib/task-search';
import { isAcceptedFile, PICKER_ACCEPT, validateUpload } from '@/features/cloning/lib/upload-validation';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { resetSpacing } from '@/lib/speech-task/spaced-request';

const fileOf = (name: string, size = 1_000, type = '') => {
  const file = new File([new Uint8Array(Math.min(size, 10))], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('upload checks, in the spec’s order', () => {
  it('accepts the spec’s nine extensions whatever the media type', () => {
    for (const extension of ['mp3', 'wav', 'ogg', 'm4a', 'webm', 'flac', 'aac', 'wma', 'opus']) {
      expect(isAcceptedFile(fileOf(`a.${extension.toUpperCase()}`)), extension).toBe(true);
    }
  });

  it('accepts any audio/ media type and the three video types, whatever the name', () => {
    expect(isAcceptedFile(fileOf('clip', 10, 'video/webm'))).toBe(true);
    expect(isAcceptedFile(fileOf('clip.mp4', 10, 'video/mp4'))).toBe(true);
    expect(isAcceptedFile(fileOf('clip.ogv', 10, 'video/ogg'))).toBe(true);
    expect(isAcceptedFile(fileOf('voice.mpeg', 10, 'audio/mpeg'))).toBe(true);
  });

  it('refuses video containers the picker lists but the spec does not accept, naming them in capitals', async () => {
    for (const [name, type] of [
      ['a.mov', 'video/quicktime'],
      ['a.avi', 'video/x-msvideo'],
      ['a.wmv', 'video/x-ms-wmv'],
      ['a.flv', 'video/x-flv'],
      ['a.mkv', 'video/x-matroska'],
      ['a.mp4', ''],
      ['a.mpeg', 'video/mpeg'],
    ] as const) {
      expect(isAcceptedFile(fileOf(name, 10, type)), name).toBe(false);
    }
    const read = vi.fn(async () => 30);
    expect(await validateUpload(fileOf('holiday.mov', 10, 'video/quicktime'), read)).toBe(
      'Unsupported file format: MOV. Please upload a valid audio or video file.',
    );
    expect(await validateUpload(fileOf('notes.txt', 10, 'text/plain'), read)).toBe(
      'Unsupported file format: TXT. Please upload a valid audio or video file.',
    );
    expect(read).not.toHaveBeenCalled();
  });

  it('still offers the spec’s list in the file picker', () => {
    expect(PICKER_ACCEPT).toBe('.wav,.mp3,.mpeg,.mp4,.m4a,.avi,.mov,.wmv,.flv,.mkv,.webm');
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

describe('what the page shows when a cloning request fails', () => {
  it('hides unexpected server failures behind “Failed to create voice. Please try again.”', () => {
    expect(createVoiceFailure(new ApiError('provider A returned 502: upstream exploded', 502))).toBe(
      'Failed to create voice. Please try again.',
    );
    expect(createVoiceFailure(new ApiError('relation "cloned_voices" does not exist', 500))).toBe(
      'Failed to create voice. Please try again.',
    );
    expect(createVoiceFailure('strange')).toBe('Failed to create voice. Please try again.');
  });

  it('keeps the server’s form and sample refusals, by code, and the helper’s own checks', () => {
    const refusals: [string, string, number][] = [
      ['SAMPLE_TOO_LARGE', 'File too large. Maximum size: 20MB, your file: 20.01MB', 413],
      ['SAMPLE_UNSUPPORTED', 'Unsupported file format: MP4. Please upload a valid audio or video file.', 415],
      ['SAMPLE_UNREADABLE', "Unable to read audio file. Please make sure it's a valid audio file.", 415],
      ['SAMPLE_TOO_SHORT', 'Audio file must be at least 10 seconds long.', 400],
      ['SAMPLE_TOO_LONG', 'Audio file must be no longer than 5 minutes (300 seconds).', 400],
      ['SAMPLE_EMPTY', 'The uploaded file is empty. Please select a valid audio file.', 400],
      ['VOICE_NAME_REQUIRED', 'Voice name is required', 400],
      [NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE, 0],
    ];
    for (const [code, message, status] of refusals) {
      expect(createVoiceFailure(new ApiError(message, status, null, code))).toBe(message);
    }
    for (const message of ['Audio file is required and must be a valid File object', NO_VOICE_ID_MESSAGE]) {
      expect(createVoiceFailure(new CloneRequestProblem(message))).toBe(message);
    }
    // A plain error with the same words is not the helper's check.
    expect(createVoiceFailure(new Error(NO_VOICE_ID_MESSAGE))).toBe('Failed to create voice. Please try again.');
  });

  it('shows the engine’s word on the sample (a transcript it needs), which says what to change', () => {
    const needed =
      'The installed cloning model (ZipVoice) needs the transcript of your sample: type exactly what is said in it.';
    expect(createVoiceFailure(new ApiError(needed, 400, null, 'CLONE_SAMPLE_REFUSED'))).toBe(needed);
  });

  it('opens the Voice Limit popup when the server counts five voices', () => {
    expect(createVoiceFailure(new ApiError('Any words at all', 409, null, 'VOICE_LIMIT_REACHED'))).toBe('limit');
  });

  it('asks to log in again on 401 when creating, loading or deleting', () => {
    const expired = new ApiError('Not signed in', 401);
    expect(createVoiceFailure(expired)).toBe('User not authenticated. Please log in again.');
    expect(voicesRequestFailure(expired, 'Failed to load cloned voices.')).toBe(
      'User not authenticated. Please log in again.',
    );
    expect(voicesRequestFailure(new ApiError('boom', 500), 'Failed to load cloned voices.')).toBe(
      'Failed to load cloned voices.',
    );
    expect(
      voicesRequestFailure(new ApiError('Voice not found', 404), 'Failed to delete voice. Please try again.'),
    ).toBe('Failed to delete voice. Please try again.');
  });
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

  it('sends the sample’s transcript when one is typed, and no such field when it is blank', async () => {
    const sent: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        sent.push(init.body as FormData);
        return new Response('{"clone_voice_id":"v1","voice_name":"Me","mp3_link":"/s.mp3"}', { status: 200 });
      }),
    );
    await cloneVoice(fileOf('a.mp3'), 'Me', { transcript: '  The morning train left.  ' });
    resetSpacing();
    await cloneVoice(fileOf('a.mp3'), 'Me', { transcript: '   ' });
    expect(sent.map((form) => form.get('sample_transcript'))).toEqual(['The morning train left.', null]);
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
    expect(CLONE_LANGUAGE_TAGS).toHaveLength(40);
    expect(new Set(CLONE_LANGUAGE_TAGS).size).toBe(40);
    expect(CLONE_LANGUAGE_TAGS.slice(0, 5)).toEqual(['english', 'vietnamese', 'arabic', 'cantonese', 'chinese']);
    expect(cloneLanguageLabel('chinese')).toBe('Mandarin');
    expect(greetingFor('cantonese')).toBe(greetingFor('english'));
    expect(greetingFor('french')).not.toBe(greetingFor('english'));
  });
});
