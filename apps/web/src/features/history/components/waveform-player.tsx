import { LoaderCircle, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type WaveSurfer from 'wavesurfer.js';
import { formatDuration } from '@/lib/format';
import { startedPlaying, stoppedPlaying } from '../lib/one-at-a-time';

const PLAY_FAILED_MESSAGE = 'Could not play this audio. Please try again.';

/** The bars shown until the waveform is drawn: the same height, so nothing moves when it arrives. */
const RESTING_BARS = Array.from({ length: 64 }, (_, index) => 20 + ((index * 37) % 60));

/**
 * Audio up to this long is fetched and drawn as soon as its card comes into view, so the waveform
 * is there before Play. Longer audio waits for Play: decoding an hour of speech for a glance at a
 * list would cost the browser far more than the picture is worth.
 */
const DRAW_ON_SIGHT_MAX_MS = 10 * 60 * 1000;

/** How far outside the screen a card starts drawing, so a scrolled-to waveform is already there. */
const DRAW_AHEAD_MARGIN = '200px';

interface WaveformPlayerProps {
  src: string;
  /** What is being played, for the button's name: "Play <label>". */
  label: string;
  durationMs: number | null;
  testId?: string;
}

/**
 * Plays a generation in place with its waveform. The waveform library, the audio and its decoding
 * are fetched when the player comes into view (or, for long audio, when Play is pressed), so a page
 * of twenty items loads only what is looked at.
 */
export function WaveformPlayer({ src, label, durationMs, testId = 'history-audio' }: WaveformPlayerProps) {
  const container = useRef<HTMLDivElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const surfer = useRef<WaveSurfer | null>(null);
  /** The waveform being made: Play pressed while it is drawn on sight waits for the same one. */
  const making = useRef<Promise<WaveSurfer | null> | null>(null);
  const [drawn, setDrawn] = useState(false);
  /** Play was pressed: only then is a failure to load the audio worth a message. */
  const wanted = useRef(false);
  const [phase, setPhase] = useState<'idle' | 'loading' | 'playing' | 'paused'>('idle');
  const [position, setPosition] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(
    () => () => {
      const current = surfer.current;
      if (current) {
        stoppedPlaying(current);
        current.destroy();
      }
    },
    [],
  );

  function create(): Promise<WaveSurfer | null> {
    making.current ??= make();
    return making.current;
  }

  async function make(): Promise<WaveSurfer | null> {
    if (!container.current || !audio.current) return null;
    const { default: WaveSurferClass } = await import('wavesurfer.js');
    const created = WaveSurferClass.create({
      container: container.current,
      media: audio.current,
      url: src,
      height: 40,
      waveColor: '#c7d2fe',
      progressColor: '#4f46e5',
      cursorColor: '#4338ca',
      barWidth: 2,
      barGap: 1,
      barRadius: 2,
      normalize: true,
    });
    created.on('play', () => {
      startedPlaying(created);
      setPhase('playing');
    });
    created.on('pause', () => setPhase('paused'));
    created.on('finish', () => {
      stoppedPlaying(created);
      setPhase('paused');
    });
    created.on('timeupdate', (seconds) => setPosition(seconds));
    created.on('ready', () => setDrawn(true));
    created.on('error', () => {
      setFailed(wanted.current);
      setPhase('paused');
    });
    surfer.current = created;
    return created;
  }

  async function toggle() {
    wanted.current = true;
    setFailed(false);
    if (phase === 'playing') {
      surfer.current?.pause();
      return;
    }
    setPhase('loading');
    try {
      const player = await create();
      await player?.play();
    } catch {
      setFailed(true);
      setPhase('paused');
    }
  }

  // Drawn on sight: the card's waveform is there before Play (the history's cards, issue 40).
  // biome-ignore lint/correctness/useExhaustiveDependencies: create() reads refs only; it runs once per source.
  useEffect(() => {
    const element = container.current;
    if (!element || durationMs === null || durationMs > DRAW_ON_SIGHT_MAX_MS) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // A waveform that cannot be drawn leaves the resting bars; Play says what went wrong.
        create().catch(() => {});
      },
      { rootMargin: DRAW_AHEAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [src, durationMs]);

  const playing = phase === 'playing';
  return (
    <div>
      <div className="flex items-center gap-3">
        <button
          type="button"
          onClick={() => void toggle()}
          aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
          aria-busy={phase === 'loading'}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-white transition-colors hover:bg-accent-strong"
        >
          {phase === 'loading' ? (
            <LoaderCircle aria-hidden className="h-5 w-5 animate-spin" />
          ) : playing ? (
            <Pause aria-hidden className="h-5 w-5" />
          ) : (
            <Play aria-hidden className="ml-0.5 h-5 w-5" />
          )}
        </button>
        <div className="relative h-10 min-w-0 flex-1">
          <div ref={container} aria-hidden className="h-10" />
          {drawn ? null : (
            <div aria-hidden className="absolute inset-0 flex items-center justify-between overflow-hidden">
              {RESTING_BARS.map((height, index) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decoration; the bars never move.
                  key={index}
                  className="w-0.5 shrink-0 rounded-full bg-accent/25"
                  style={{ height: `${height}%` }}
                />
              ))}
            </div>
          )}
        </div>
        <span className="shrink-0 text-xs tabular-nums text-muted">
          {phase !== 'idle' ? `${formatDuration(position * 1000)} / ` : ''}
          {durationMs === null ? '—' : formatDuration(durationMs)}
        </span>
      </div>
      {/* The player's own element: in the page, so tests and assistive tools can find what is playing. */}
      {/* biome-ignore lint/a11y/useMediaCaption: the text it speaks is shown beside it, and in the SRT and VTT files. */}
      <audio ref={audio} data-testid={testId} preload="none" className="hidden" />
      {failed ? (
        <p role="alert" className="mt-2 text-sm text-danger">
          {PLAY_FAILED_MESSAGE}
        </p>
      ) : null}
    </div>
  );
}
