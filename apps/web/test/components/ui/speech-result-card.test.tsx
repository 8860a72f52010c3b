import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_PLAYER_TEXT } from '@/components/ui/live-player';
import { SpeechResultCard } from '@/components/ui/speech-result-card';
import { TRANSCRIPT_FAILED } from '@/components/ui/transcript-panel';
import type { SpeechTaskState } from '@/lib/speech-task/use-speech-task';

const AUDIO_URL = 'http://files.example/api/files/tasks/t1/audio.mp3?sig=a';
const TRANSCRIPT_URL = 'http://files.example/api/files/tasks/t1/transcript.srt?sig=b';
const SRT = '1\n00:00:00,000 --> 00:00:01,180\nWelcome to Sayso.\n\n2\n00:00:01,180 --> 00:00:04,096\nIt speaks.\n';

const done: SpeechTaskState = {
  phase: 'done',
  audioUrl: AUDIO_URL,
  task: { status: 'done', audio_url: AUDIO_URL, transcript_url: TRANSCRIPT_URL },
};

/** What the card made into local files, by their type, so a download's content can be read back. */
let madeFiles: Map<string, Blob>;
let scrolls: ScrollIntoViewOptions[];

/** jsdom's Blob has no text(); its FileReader reads one. */
function downloadedText(link: HTMLElement): Promise<string> {
  const blob = madeFiles.get(link.getAttribute('href') ?? '');
  if (!blob) throw new Error('the link points at no file the card made');
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

function serve(transcript: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === TRANSCRIPT_URL ? transcript() : new Response(new Uint8Array([0xff, 0xfb]), { status: 200 }),
    ),
  );
}

function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({ matches: reduce && query.includes('reduce'), media: query })),
  );
}

// jsdom has no object URLs, scrolling or media playback: these are the browser edge, stood in for here.
beforeEach(() => {
  madeFiles = new Map();
  scrolls = [];
  let count = 0;
  Object.assign(URL, {
    createObjectURL: vi.fn((blob: Blob) => {
      count += 1;
      madeFiles.set(`blob:local/${count}`, blob);
      return `blob:local/${count}`;
    }),
    revokeObjectURL: vi.fn(),
  });
  vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation((options?: boolean | ScrollIntoViewOptions) => {
    if (typeof options === 'object') scrolls.push(options);
  });
  prefersReducedMotion(false);
});

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the studios’ result card', () => {
  it('shows the transcript’s timed lines and offers it as SRT and as WebVTT with the same timings', async () => {
    serve(() => new Response(SRT, { status: 200 }));
    render(<SpeechResultCard state={done} progressLabel={() => 'Generating...'} />);

    const srtLink = await screen.findByRole('link', { name: 'Download SRT' });
    const vttLink = screen.getByRole('link', { name: 'Download VTT' });
    expect(srtLink).toHaveAttribute('download', 'generated-audio.srt');
    expect(vttLink).toHaveAttribute('download', 'generated-audio.vtt');
    expect(await downloadedText(srtLink)).toBe(SRT);
    expect(await downloadedText(vttLink)).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.180\nWelcome to Sayso.\n\n2\n00:00:01.180 --> 00:00:04.096\nIt speaks.\n',
    );
    const lines = screen.getByRole('list', { name: 'Transcript', hidden: true });
    expect(lines).toHaveTextContent('00:00:00Welcome to Sayso.');
    expect(lines).toHaveTextContent('00:00:01It speaks.');
  });

  it('says so when the transcript cannot be read, and offers no download', async () => {
    serve(() => new Response('gone', { status: 404 }));
    render(<SpeechResultCard state={done} progressLabel={() => 'Generating...'} />);
    expect(await screen.findByText(TRANSCRIPT_FAILED)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Download SRT' })).not.toBeInTheDocument();
  });

  it('brings a finished clip into view and puts focus on its Play button', async () => {
    serve(() => new Response(SRT, { status: 200 }));
    render(<SpeechResultCard state={done} progressLabel={() => 'Generating...'} />);
    const play = await screen.findByRole('button', { name: 'Play' });
    await waitFor(() => expect(play).toHaveFocus());
    expect(scrolls).toEqual([{ behavior: 'smooth', block: 'nearest' }]);
  });

  it('jumps instead of gliding when less motion is asked for', async () => {
    prefersReducedMotion(true);
    serve(() => new Response(SRT, { status: 200 }));
    render(<SpeechResultCard state={done} progressLabel={() => 'Generating...'} />);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Play' })).toHaveFocus());
    expect(scrolls).toEqual([{ behavior: 'auto', block: 'nearest' }]);
  });

  it('leaves someone who went on typing where they are', async () => {
    serve(() => new Response(SRT, { status: 200 }));
    render(
      <>
        <textarea aria-label="Your text" />
        <SpeechResultCard state={done} progressLabel={() => 'Generating...'} />
      </>,
    );
    const field = screen.getByLabelText('Your text');
    field.focus();
    await screen.findByRole('button', { name: 'Play' });
    await screen.findByRole('link', { name: 'Download SRT' });
    expect(field).toHaveFocus();
    expect(scrolls).toEqual([]);
  });

  it('plays the live stream while generating, then hands over to the finished file where the stream got to', async () => {
    serve(() => new Response(SRT, { status: 200 }));
    const STREAM_URL = 'http://files.example/api/files/tasks/t1/audio.mp3?sig=live';
    // jsdom plays nothing: play() resolves and says so, as a browser that allows sound does.
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (
      this: HTMLMediaElement,
    ) {
      Object.defineProperty(this, 'paused', { value: false, configurable: true });
      this.dispatchEvent(new Event('play'));
    });
    const generating: SpeechTaskState = {
      phase: 'generating',
      task: { status: 'processing', progress: 20 },
      streamUrl: STREAM_URL,
    };
    const { rerender } = render(<SpeechResultCard state={generating} progressLabel={() => 'Generating...'} />);

    const live = screen.getByTestId('live-audio') as HTMLAudioElement;
    expect(live).toHaveAttribute('src', STREAM_URL);
    expect(screen.getByText(LIVE_PLAYER_TEXT)).toBeVisible();
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument());
    expect(play).toHaveBeenCalledTimes(1);
    live.currentTime = 3.5;

    rerender(<SpeechResultCard state={{ ...done, streamUrl: STREAM_URL }} progressLabel={() => 'Generating...'} />);
    // The same element plays on, out of sight, until the finished file is ready to take over.
    expect(screen.getByTestId('live-audio')).toBe(live);
    const result = (await screen.findByTestId('result-audio')) as HTMLAudioElement;
    await waitFor(() => expect(screen.queryByTestId('live-audio')).not.toBeInTheDocument());
    expect(result.currentTime).toBe(3.5);
    expect(play).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('link', { name: 'Download Audio' })).toBeVisible();
  });
});
