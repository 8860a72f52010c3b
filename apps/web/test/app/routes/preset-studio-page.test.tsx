import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import PresetStudioPage from '@/app/routes/preset-studio-page';
import { resetSpacing } from '@/lib/speech-task/spaced-request';
import {
  clearUserCookie,
  json,
  renderDashboard,
  setUserCookie,
  signedInUser,
  stubApi,
} from '../../support/render-dashboard';

const OLIVER = {
  voice_id: 'espeak-en-gb-m3',
  name: 'Oliver',
  accent: 'british',
  gender: 'male',
  age: 'middle aged',
  descriptive: 'calm',
  use_case: 'narration',
  category: 'high_quality',
  language: 'en',
  locale: 'en-GB',
  description: 'A calm British voice.',
  preview_url: null,
  verified_languages: [],
};

/** The studio's server, with Oliver as the remembered voice so no picking is needed. */
function serve(credits: number, submit: () => Response = () => json({ task_id: 't1' })) {
  return stubApi({
    'GET /api/me': () => json({ ...signedInUser, displayName: 'Ada', credits, balance: 0 }),
    'GET /api/elevenlabs/voices': () => json({ voices: [OLIVER] }),
    'GET /api/elevenlabs/models': () => json({ models: [{ model_id: 'espeak-standard', name: 'eSpeak NG' }] }),
    'GET /api/preferences': () =>
      json({ preferredVoiceId: OLIVER.voice_id, preferredVoiceName: 'Oliver', lastUpdated: null }),
    'POST /api/elevenlabs/tts': submit,
  });
}

// The API client spaces calls a second apart, so the first screen takes a few real seconds.
const SLOW = { timeout: 10_000 };

async function openStudioWithText(text: string) {
  const view = renderDashboard(<PresetStudioPage />, { route: '/dashboard2' });
  await screen.findByRole('button', { name: /Oliver/ }, SLOW);
  await screen.findByRole('option', { name: 'eSpeak NG' }, SLOW);
  fireEvent.change(screen.getByLabelText('Your text'), { target: { value: text } });
  return view;
}

beforeEach(() => {
  resetSpacing();
  setUserCookie();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearUserCookie();
});

describe('the preset-voice studio', { timeout: 30_000 }, () => {
  it('offers an upgrade instead of generating when the credits do not cover the text', async () => {
    const fetchMock = serve(5);
    const { user } = await openStudioWithText('Hello there, world.');
    await user.click(screen.getByRole('button', { name: 'Generate Voice' }));
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(
      within(dialog).getByText('You have run out of credits. Please upgrade your plan to continue using our services'),
    ).toBeInTheDocument();
    // What the text needs against what the account has: 19 characters, 5 credits.
    expect(within(dialog).getByTestId('credits-needed')).toHaveTextContent(
      'This text needs 19 credits; you have 5 credits.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upgrade Plan' }));
    expect(await screen.findByText('Pricing page')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/elevenlabs/tts')).toBe(false);
  });

  it('says when the server returns no task id', async () => {
    serve(10_000, () => json({}));
    const { user } = await openStudioWithText('Hello there.');
    await user.click(screen.getByRole('button', { name: 'Generate Voice' }));
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent(
      /^Failed to start voice generation: No task ID returned\.$/,
    );
  });

  it('counts the characters Generate will charge for: spaces alone count for nothing', async () => {
    serve(10_000);
    await openStudioWithText('     ');
    expect(screen.getByTestId('character-count')).toHaveTextContent('0 / 50,000 characters');
    fireEvent.change(screen.getByLabelText('Your text'), { target: { value: '  Hello 👋  ' } });
    expect(screen.getByTestId('character-count')).toHaveTextContent('7 / 50,000 characters');
  });

  it('says the models are loading instead of showing an empty list', async () => {
    serve(10_000);
    renderDashboard(<PresetStudioPage />, { route: '/dashboard2' });
    const select = screen.getByLabelText('Model');
    expect(select).toBeDisabled();
    expect(select).toHaveAttribute('aria-busy', 'true');
    expect(within(select).getByRole('option')).toHaveTextContent('Loading models...');
    await screen.findByRole('option', { name: 'eSpeak NG' }, SLOW);
    expect(select).toBeEnabled();
    expect(select).toHaveValue('espeak-standard');
    expect(within(select).queryByText('Loading models...')).not.toBeInTheDocument();
  });

  it('puts speed, pitch and volume back to 1, 0 and 1 on Reset', async () => {
    serve(10_000);
    const { user } = await openStudioWithText('');
    const speed = screen.getByLabelText('Speed');
    const pitch = screen.getByLabelText('Pitch');
    const volume = screen.getByLabelText('Volume');
    fireEvent.change(speed, { target: { value: '1.7' } });
    fireEvent.change(pitch, { target: { value: '-4' } });
    fireEvent.change(volume, { target: { value: '0.3' } });
    expect([speed, pitch, volume].map((input) => (input as HTMLInputElement).value)).toEqual(['1.7', '-4', '0.3']);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect([speed, pitch, volume].map((input) => (input as HTMLInputElement).value)).toEqual(['1', '0', '1']);
  });

  it('starts from a generation sent back from the history: its text, voice, model and settings', async () => {
    serve(10_000);
    const prefill = {
      studio: 'preset',
      text: 'Read this again, a little faster.',
      voiceId: OLIVER.voice_id,
      voiceName: 'Oliver',
      modelId: 'espeak-standard',
      settings: { speed: 1.3, pitch: -2, volume: 0.8, language: 'en-GB' },
    };
    renderDashboard(<PresetStudioPage />, { route: { pathname: '/dashboard2', state: { prefill } } });
    expect(screen.getByLabelText('Your text')).toHaveValue(prefill.text);
    await screen.findByRole('button', { name: /Oliver/ }, SLOW);
    const sliders = ['Speed', 'Pitch', 'Volume'].map((name) => screen.getByLabelText(name) as HTMLInputElement);
    expect(sliders.map((input) => input.value)).toEqual(['1.3', '-2', '0.8']);
  });

  it('arrives with the most natural voice for the browser’s language, says what Generate still needs, and saves nothing', async () => {
    const heart = { ...OLIVER, voice_id: 'kokoro-af-heart', name: 'Heart', locale: 'en-US', kind: 'neural' };
    const fetchMock = stubApi({
      'GET /api/me': () => json({ ...signedInUser, displayName: 'Ada', credits: 10_000, balance: 0 }),
      'GET /api/elevenlabs/voices': () => json({ voices: [{ ...OLIVER, kind: 'espeak' }, heart] }),
      'GET /api/elevenlabs/models': () => json({ models: [{ model_id: 'espeak-standard', name: 'eSpeak NG' }] }),
      'GET /api/preferences': () => json({ preferredVoiceId: null, preferredVoiceName: null, lastUpdated: null }),
    });
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    renderDashboard(<PresetStudioPage />, { route: '/dashboard2' });
    // Until the voices arrive, Generate says it is waiting for them rather than standing disabled in silence.
    expect(screen.getByTestId('generate-blocker')).toHaveTextContent('Loading voices…');
    await screen.findByRole('button', { name: /Heart/ }, SLOW);
    await screen.findByRole('option', { name: 'eSpeak NG' }, SLOW);
    expect(screen.getByTestId('generate-blocker')).toHaveTextContent('Enter some text');
    expect(screen.getByRole('button', { name: 'Generate Voice' })).toBeDisabled();
    // Named under Generate too, since on a phone the voice settings are far below.
    expect(screen.getByText('Speaking with', { exact: false })).toHaveTextContent('Speaking with Heart');
    fireEvent.change(screen.getByLabelText('Your text'), { target: { value: 'Hello.' } });
    expect(screen.queryByTestId('generate-blocker')).toBeNull();
    expect(screen.getByRole('button', { name: 'Generate Voice' })).toBeEnabled();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
