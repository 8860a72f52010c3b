import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResultPlayer } from '@/components/ui/result-player';

const AUDIO_URL = 'http://127.0.0.1:9/api/files/tasks/abc/audio.mp3?expires=1&sig=x';

// jsdom has neither object URLs nor media playback: these are the browser edge, stood in for here.
beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:local/1'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function serveAudio(answer: () => Promise<Response>) {
  const fetchMock = vi.fn(answer);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const mp3 = () => Promise.resolve(new Response(new Uint8Array([0xff, 0xfb, 0x90]), { status: 200 }));

function setMediaError(element: HTMLElement, message: string) {
  Object.defineProperty(element, 'error', { value: { code: 4, message }, configurable: true });
  fireEvent.error(element);
}

describe('the result player', { timeout: 15_000 }, () => {
  it('says it is loading, then fetches the audio without credentials into a blob it plays and downloads', async () => {
    let release: (response: Response) => void = () => {};
    const fetchMock = serveAudio(() => new Promise((resolve) => (release = resolve)));
    render(<ResultPlayer audioUrl={AUDIO_URL} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading audio...');
    expect(fetchMock).toHaveBeenCalledWith(AUDIO_URL, expect.objectContaining({ credentials: 'omit' }));
    release(await mp3());
    const audio = await screen.findByTestId('result-audio');
    expect(audio).toHaveAttribute('src', 'blob:local/1');
    const download = screen.getByRole('link', { name: 'Download Audio' });
    expect(download).toHaveAttribute('href', 'blob:local/1');
    expect(download).toHaveAttribute('download', 'generated-audio.mp3');
  });

  it('falls back to the direct link when the fetch fails', async () => {
    serveAudio(() => Promise.reject(new TypeError('Failed to fetch')));
    render(<ResultPlayer audioUrl={AUDIO_URL} />);
    expect(await screen.findByTestId('result-audio')).toHaveAttribute('src', AUDIO_URL);
    expect(screen.getByRole('link', { name: 'Download Audio' })).toHaveAttribute('href', AUDIO_URL);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the file is not accessible when the direct link fails too', async () => {
    serveAudio(() => Promise.resolve(new Response('gone', { status: 404 })));
    render(<ResultPlayer audioUrl={AUDIO_URL} />);
    setMediaError(await screen.findByTestId('result-audio'), 'MEDIA_ELEMENT_ERROR: Format error');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Unable to load audio\. The file might not be accessible\.$/);
  });

  it('shows the media error of the fetched audio, or a plain failure when it has no message', async () => {
    serveAudio(mp3);
    render(<ResultPlayer audioUrl={AUDIO_URL} />);
    const audio = await screen.findByTestId('result-audio');
    setMediaError(audio, 'DEMUXER_ERROR_COULD_NOT_OPEN');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Error loading audio: DEMUXER_ERROR_COULD_NOT_OPEN$/);
    setMediaError(audio, '');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to load audio$/);
  });

  it('suggests downloading when the browser refuses to play', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    serveAudio(mp3);
    const user = userEvent.setup();
    render(<ResultPlayer audioUrl={AUDIO_URL} />);
    await user.click(await screen.findByRole('button', { name: 'Play' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Unable to play audio\. Please try downloading instead\.$/,
    );
  });

  it('shows the playback position over the track and lets it be moved', async () => {
    serveAudio(mp3);
    render(<ResultPlayer audioUrl={AUDIO_URL} />);
    const audio = (await screen.findByTestId('result-audio')) as HTMLAudioElement;
    Object.defineProperty(audio, 'duration', { value: 20, configurable: true });
    audio.currentTime = 5;
    fireEvent.timeUpdate(audio);
    expect(screen.getByTestId('playback-progress')).toHaveStyle({ width: '25%' });
    expect(screen.getByText('0:05 / 0:20')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('slider', { name: 'Playback position' }), { target: { value: '15' } });
    expect(audio.currentTime).toBe(15);
  });

  it('turns Play into Pause while the audio plays', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('play'));
      return Promise.resolve();
    });
    serveAudio(mp3);
    const user = userEvent.setup();
    render(<ResultPlayer audioUrl={AUDIO_URL} />);
    await user.click(await screen.findByRole('button', { name: 'Play' }));
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });
});
