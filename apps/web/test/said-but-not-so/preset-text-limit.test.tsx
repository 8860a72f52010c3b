import { cleanup, fireEvent, screen } from '@testing-library/react';
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
} from '../support/render-dashboard';

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

// The API client spaces calls a second apart, so the first screen takes a few real seconds.
const SLOW = { timeout: 10_000 };

beforeEach(() => {
  resetSpacing();
  setUserCookie();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

describe('the preset studio’s length limit', { timeout: 30_000 }, () => {
  it('shows the 50,000-character limit before Generate, and refuses a longer text with the spec’s message', async () => {
    const fetchMock = stubApi({
      'GET /api/me': () => json({ ...signedInUser, displayName: 'Ada', credits: 100_000, balance: 0 }),
      'GET /api/elevenlabs/voices': () => json({ voices: [OLIVER] }),
      'GET /api/elevenlabs/models': () => json({ models: [{ model_id: 'espeak-standard', name: 'eSpeak NG' }] }),
      'GET /api/preferences': () =>
        json({ preferredVoiceId: OLIVER.voice_id, preferredVoiceName: 'Oliver', lastUpdated: null }),
      'POST /api/elevenlabs/tts': () => json({ task_id: 't1' }),
    });
    renderDashboard(<PresetStudioPage />, { route: '/dashboard2' });
    await screen.findByRole('button', { name: /Oliver/ }, SLOW);
    await screen.findByRole('option', { name: 'eSpeak NG' }, SLOW);
    const box = screen.getByLabelText('Your text');
    expect(box.getAttribute('placeholder') ?? '').not.toMatch(/no length limit|unlimited/i);

    fireEvent.change(box, { target: { value: 'a'.repeat(50_000) } });
    expect(screen.getByTestId('character-count')).toHaveTextContent('50,000 / 50,000 characters');
    expect(screen.getByRole('button', { name: 'Generate Voice' })).toBeEnabled();

    fireEvent.change(box, { target: { value: 'a'.repeat(50_001) } });
    expect(screen.getByTestId('character-count')).toHaveTextContent('50,001 / 50,000 characters');
    expect(screen.getByRole('button', { name: 'Generate Voice' })).toBeDisabled();
    expect(screen.getByTestId('generate-blocker')).toHaveTextContent(
      'Text exceeds maximum length of 50,000 characters',
    );
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/elevenlabs/tts')).toBe(false);
  });
});
