import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CloneStudioPage from '@/app/routes/clone-studio-page';
import { greetingFor } from '@/features/cloning/lib/languages';
import { resetSpacing } from '@/lib/speech-task/spaced-request';
import {
  clearUserCookie,
  json,
  renderDashboard,
  setUserCookie,
  signedInUser,
  stubApi,
} from '../../support/render-dashboard';

const me = () => json({ ...signedInUser, displayName: 'Ada Lovelace', credits: 10_000, balance: 0 });
const created = () =>
  json({ success: true, clone_voice_id: 'v1', voice_id: 'v1', id: 'v1', voice_name: 'Ada', mp3_link: '' });

/**
 * A sample file as the browser would hand it over. jsdom's File has no arrayBuffer(), which the
 * page uses to measure the file, so the instance gets one; `size` stands in for a real file's length.
 */
function sampleFile(name: string, type: string, size = 200_000) {
  const file = new File([new Uint8Array(16)], name, { type });
  file.arrayBuffer = async () => new ArrayBuffer(16);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** jsdom has no Web Audio: each decode gives the next outcome (a 15 s sound unless told otherwise). */
function fakeDecoding(...outcomes: (() => Promise<unknown>)[]) {
  vi.stubGlobal(
    'AudioContext',
    class {
      decodeAudioData = () => (outcomes.shift() ?? (async () => ({ duration: 15 })))();
      close = async () => {};
    },
  );
}

function renderStudio(routes: Parameters<typeof stubApi>[0] = {}) {
  stubApi({ 'GET /api/me': me, 'GET /api/voice/cloned': () => json({ voices: [] }), ...routes });
  const view = renderDashboard(<CloneStudioPage />, { route: '/dashboard3' });
  // Fake timers that still move with the wall clock: waits work, and the test can jump ahead.
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { ...view, user };
}

async function loadMp3(user: ReturnType<typeof userEvent.setup>, size?: number) {
  await user.upload(screen.getByTestId('sample-input'), sampleFile('ada.mp3', 'audio/mpeg', size));
  await screen.findByTestId('loaded-file-name');
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  resetSpacing();
  setUserCookie();
  fakeDecoding();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearUserCookie();
});

describe('creating a voice on /dashboard3', () => {
  it('starts from a generation sent back from the history: its text and its cloned voice', async () => {
    stubApi({ 'GET /api/me': me, 'GET /api/voice/cloned': () => json({ voices: [] }) });
    const prefill = {
      studio: 'clone',
      text: 'Read the harbour report again.',
      voiceId: 'v9',
      voiceName: 'Harbour voice',
      modelId: null,
      settings: { speed: 1, pitch: 0, volume: 1, language: null },
    };
    renderDashboard(<CloneStudioPage />, { route: { pathname: '/dashboard3', state: { prefill } } });
    expect(screen.getByLabelText('Text to speak')).toHaveValue(prefill.text);
    expect(screen.getByText('Speaking with', { exact: false })).toHaveTextContent('Speaking with Harbour voice');
    await screen.findByRole('button', { name: '10,000 credits' });
  });

  it('shows “Voice Created” until the file is removed, then allows a new voice', async () => {
    const { user } = renderStudio({ 'POST /api/voice/clone': created });
    await loadMp3(user);
    expect(screen.getByLabelText('Voice name')).toHaveValue('ada');
    await user.click(screen.getByRole('button', { name: 'Create Voice' }));
    const done = await screen.findByRole('button', { name: 'Voice Created' });
    expect(done).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove file' }));
    expect(screen.getByRole('button', { name: 'Create Voice' })).toBeEnabled();
    await loadMp3(user);
    expect(screen.getByRole('button', { name: 'Create Voice' })).toBeEnabled();
    // The first test of the file also loads Radix and the icons, which is slow on a busy machine.
  }, 15_000);

  it('locks the file while “Creating Voice...” runs, and marks only that file as created', async () => {
    let answer: ((response: Response) => void) | undefined;
    const { user } = renderStudio({
      'POST /api/voice/clone': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await loadMp3(user);
    await user.click(screen.getByRole('button', { name: 'Create Voice' }));
    expect(await screen.findByRole('button', { name: 'Creating Voice...' })).toBeDisabled();
    // The file the voice is being made from cannot be swapped for another mid-way.
    expect(screen.getByRole('button', { name: 'Remove file' })).toBeDisabled();
    // The button turns as soon as the click is taken; the upload is sent a moment later.
    await waitFor(() => expect(answer).toBeDefined());
    answer?.(created());
    expect(await screen.findByRole('button', { name: 'Voice Created' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove file' })).toBeEnabled();
  });

  it('shows the success card for 6 seconds, with a note when the file is under 500,000 bytes', async () => {
    const { user } = renderStudio({ 'POST /api/voice/clone': created });
    await loadMp3(user, 499_999);
    await user.click(screen.getByRole('button', { name: 'Create Voice' }));
    const card = await screen.findByText('Voice Created Successfully');
    expect(within(card.parentElement as HTMLElement).getByText(/Your file is under 500 KB/)).toBeInTheDocument();
    expect(screen.getByText('Speaking with')).toHaveTextContent('Speaking with Ada');
    await act(async () => {
      vi.advanceTimersByTime(5_900);
    });
    expect(screen.getByText('Voice Created Successfully')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Voice Created Successfully')).not.toBeInTheDocument();
  });

  it('tells the owner when the speech service must verify the new voice before it speaks', async () => {
    const { user } = renderStudio({
      'POST /api/voice/clone': () =>
        json({
          success: true,
          clone_voice_id: 'v1',
          voice_id: 'v1',
          id: 'v1',
          voice_name: 'Ada',
          mp3_link: '',
          approximate: false,
          requires_verification: true,
        }),
    });
    await loadMp3(user, 600_000);
    await user.click(screen.getByRole('button', { name: 'Create Voice' }));
    const card = await screen.findByText('Voice Created Successfully');
    expect(within(card.parentElement as HTMLElement).getByText(/must verify this voice/)).toBeInTheDocument();
  });

  it('leaves the short-file note out for a file of 500,000 bytes or more', async () => {
    const { user } = renderStudio({ 'POST /api/voice/clone': created });
    await loadMp3(user, 500_000);
    await user.click(screen.getByRole('button', { name: 'Create Voice' }));
    await screen.findByText('Voice Created Successfully');
    expect(screen.queryByText(/Your file is under 500 KB/)).not.toBeInTheDocument();
  });

  it('swaps the sample text for the greeting of the chosen language', async () => {
    const { user } = renderStudio();
    expect(screen.getByLabelText('Sample text')).toHaveValue(greetingFor('english'));
    await user.selectOptions(screen.getByLabelText('Language'), 'french');
    expect(screen.getByLabelText('Sample text')).toHaveValue(greetingFor('french'));
    expect(screen.getByText(`${greetingFor('french').length} / 300`)).toBeInTheDocument();
  });

  it('hides an unexpected server failure behind the spec’s line', async () => {
    const { user } = renderStudio({
      'POST /api/voice/clone': () => json({ error: 'engine crashed: SIGSEGV' }, 500),
    });
    await loadMp3(user);
    await user.click(screen.getByRole('button', { name: 'Create Voice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create voice. Please try again.');
    expect(screen.getByRole('button', { name: 'Create Voice' })).toBeEnabled();
  });

  it('opens the Voice Limit popup when the server refuses a sixth voice', async () => {
    const { user } = renderStudio({
      'POST /api/voice/clone': () =>
        json({ error: 'You have reached the maximum limit of 5 cloned voices', code: 'VOICE_LIMIT_REACHED' }, 409),
    });
    await loadMp3(user);
    await user.click(screen.getByRole('button', { name: 'Create Voice' }));
    expect(await screen.findByRole('dialog', { name: 'Voice Limit Reached' })).toBeInTheDocument();
  });

  it('asks to log in again when the voices cannot be loaded for a lost session', async () => {
    renderStudio({ 'GET /api/voice/cloned': () => json({ error: 'Not signed in' }, 401) });
    expect(await screen.findByRole('alert')).toHaveTextContent('User not authenticated. Please log in again.');
  });

  it('says the voices could not be loaded on any other failure', async () => {
    renderStudio({ 'GET /api/voice/cloned': () => json({ error: 'boom' }, 500) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load cloned voices.');
  });
});

describe('converting a sample on /dashboard3', () => {
  it('shows the format message when the browser measures the file but cannot decode it for conversion', async () => {
    fakeDecoding(
      async () => ({ duration: 15 }),
      async () => {
        throw new DOMException('Unable to decode audio data', 'EncodingError');
      },
    );
    const { user } = renderStudio();
    await user.upload(screen.getByTestId('sample-input'), sampleFile('ada.wav', 'audio/wav'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file format is not supported. Please upload an MP3 file for best compatibility.',
    );
    expect(screen.queryByRole('dialog', { name: 'Converting Audio File' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('loaded-file-name')).not.toBeInTheDocument();
  });

  it('clears the file with “Conversion cancelled by user” when the X is pressed', async () => {
    let finishDecode: (value: unknown) => void = () => {};
    fakeDecoding(
      async () => ({ duration: 15 }),
      () =>
        new Promise((resolve) => {
          finishDecode = resolve;
        }),
    );
    const { user } = renderStudio();
    await user.upload(screen.getByTestId('sample-input'), sampleFile('ada.wav', 'audio/wav'));
    const dialog = await screen.findByRole('dialog', { name: 'Converting Audio File' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    finishDecode({ duration: 15, length: 0 });
    expect(await screen.findByRole('alert')).toHaveTextContent('Conversion cancelled by user');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByTestId('loaded-file-name')).not.toBeInTheDocument();
  });
});

describe('where /dashboard3 shows its messages', () => {
  it('shows an upload problem under the upload zone, in the Create a voice card', async () => {
    fakeDecoding(async () => {
      throw new DOMException('Unable to decode audio data', 'EncodingError');
    });
    const { user } = renderStudio();
    await user.upload(screen.getByTestId('sample-input'), sampleFile('notes.mp3', 'audio/mpeg'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Unable to read audio file. Please make sure it's a valid audio file.");
    const card = screen.getByRole('heading', { name: 'Create a voice' }).parentElement as HTMLElement;
    expect(card).toContainElement(alert);
  });

  it('shows a Create Voice problem under the button', async () => {
    const { user } = renderStudio();
    await user.click(screen.getByRole('button', { name: 'Create Voice' }));
    const createAlert = await screen.findByRole('alert');
    expect(createAlert).toHaveTextContent('Please upload an audio file first.');
    expect(screen.getByRole('heading', { name: 'Create a voice' }).parentElement).toContainElement(createAlert);
  });

  it('says which voice was picked beside Cloned Voices, where focus returns when the list closes', async () => {
    const { user } = renderStudio({
      'GET /api/voice/cloned': () =>
        json({
          voices: [
            { voiceId: 'v9', voiceName: 'Grace', mp3Link: '', createdAt: '2026-11-23T10:00:00Z', approximate: false },
          ],
        }),
    });
    const open = screen.getByRole('button', { name: 'Cloned Voices' });
    await user.click(open);
    await user.click(await screen.findByRole('button', { name: 'Use Grace' }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent('Voice "Grace" selected! You can now generate TTS with this voice.');
    expect(open.parentElement).toContainElement(notice);
  });
});
