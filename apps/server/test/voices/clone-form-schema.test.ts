import { CLONE_LANGUAGE_TAGS, cloneLanguageNamed } from '@sayso/contract/languages';
import { cloneVoiceForm, DEFAULT_PREVIEW_TEXT } from '@sayso/contract/voices';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { silentWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

const firstMessage = (fields: Record<string, string>) => {
  const parsed = cloneVoiceForm.safeParse(fields);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

describe('the clone form’s schema', () => {
  it('fills in the spec’s defaults: English, noise reduction on, the friendly greeting', () => {
    expect(cloneVoiceForm.parse({ voice_name: '  Me  ' })).toEqual({
      voice_name: 'Me',
      language_tag: 'english',
      preview_text: DEFAULT_PREVIEW_TEXT,
      need_noise_reduction: true,
      sample_transcript: '',
    });
    expect(
      cloneVoiceForm.parse({
        voice_name: 'Me',
        language_tag: ' ',
        preview_text: '  Hi there.  ',
        need_noise_reduction: 'false',
        sample_transcript: ' Hello \n  world ',
      }),
    ).toMatchObject({
      language_tag: 'english',
      preview_text: 'Hi there.',
      need_noise_reduction: false,
      sample_transcript: 'Hello world',
    });
  });

  it('checks name, language, sample text and transcript in that order, with the spec’s messages', () => {
    expect(firstMessage({})).toBe('Voice name is required');
    expect(firstMessage({ voice_name: '   ', language_tag: 'klingon' })).toBe('Voice name is required');
    expect(firstMessage({ voice_name: 'Me', language_tag: 'klingon', preview_text: 'x'.repeat(301) })).toBe(
      'This language is not supported for voice cloning. Please choose a language from the list.',
    );
    expect(firstMessage({ voice_name: 'Me', preview_text: 'x'.repeat(301) })).toBe(
      'Sample text must be 300 characters or less.',
    );
    expect(firstMessage({ voice_name: 'Me', preview_text: 'x'.repeat(300) })).toBeNull();
    expect(firstMessage({ voice_name: 'Me', sample_transcript: 'x'.repeat(1_001) })).toBe(
      'The sample’s transcript must be 1,000 characters or less.',
    );
  });

  it('takes a language by its tag, its label or its ISO code, in any case, and nothing else', () => {
    expect(CLONE_LANGUAGE_TAGS).toHaveLength(40);
    for (const tag of CLONE_LANGUAGE_TAGS) expect(cloneLanguageNamed(tag.toUpperCase())).toBe(tag);
    expect(cloneLanguageNamed('English')).toBe('english');
    expect(cloneLanguageNamed('Mandarin')).toBe('chinese');
    expect(cloneLanguageNamed(' Chinese ')).toBe('chinese');
    expect(cloneLanguageNamed('yue')).toBe('cantonese');
    expect(cloneLanguageNamed('nn')).toBe('nynorsk');
    for (const unknown of ['klingon', 'en-us', 'Esperanto', 'xx', '']) expect(cloneLanguageNamed(unknown)).toBeNull();
  });
});

describe('POST /api/voice/clone with a language outside the list', () => {
  it('is refused with a 400 and its code, and makes no voice (it used to become English)', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const form = new FormData();
    form.append('audio', new Blob([silentWav(12)], { type: 'audio/wav' }), 'sample.wav');
    form.append('voice_name', 'Mine');
    form.append('language_tag', 'Klingon');
    const response = await app.inject({
      method: 'POST',
      url: '/api/voice/clone',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: form,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'This language is not supported for voice cloning. Please choose a language from the list.',
      code: 'CLONE_LANGUAGE_UNSUPPORTED',
    });
    expect(await app.db.selectFrom('cloned_voices').select('id').execute()).toEqual([]);
  });
});
