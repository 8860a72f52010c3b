import { Download } from 'lucide-react';
import { type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { PlayPauseButton } from '@/components/ui/play-pause-button';
import type { PlaybackPoint } from '@/lib/speech-task/audio-handover';
import { resumeAt } from '@/lib/speech-task/audio-handover';

type Source = { kind: 'loading' } | { kind: 'ready'; src: string; fromBlob: boolean };

/** The player's texts (spec section 8, 'Player'). */
export const PLAYER_TEXT = {
  loading: 'Loading audio...',
  mediaError: (message: string) => `Error loading audio: ${message}`,
  mediaFailed: 'Failed to load audio',
  playRefused: 'Unable to play audio. Please try downloading instead.',
  unreachable: 'Unable to load audio. The file might not be accessible.',
} as const;

/** m:ss of a position in seconds. */
export const clock = (seconds: number) => {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

/**
 * Plays a generated clip. The audio is fetched cross-origin without credentials into a local blob
 * (so Download saves it under the spec's file name); if that fetch fails the player falls back to
 * the direct link. A progress bar over the track shows, and moves, the playback position.
 */
export function ResultPlayer({
  audioUrl,
  onReady,
  resumeFrom,
}: {
  audioUrl: string;
  /** Called once per clip when its controls appear, with the Play button (the studios bring the result into view). */
  onReady?: (playButton: HTMLButtonElement | null) => void;
  /** Where a live player of the same speech got to: the clip starts there, playing if it was (decision 0025). */
  resumeFrom?: () => PlaybackPoint | null;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const playButton = useRef<HTMLButtonElement>(null);
  // The latest callback, so a parent's new function each render does not announce the same clip twice.
  const latestOnReady = useRef(onReady);
  latestOnReady.current = onReady;
  const latestResumeFrom = useRef(resumeFrom);
  latestResumeFrom.current = resumeFrom;
  const [source, setSource] = useState<Source>({ kind: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState({ current: 0, duration: 0 });

  useEffect(() => {
    let objectUrl: string | null = null;
    let cancelled = false;
    setSource({ kind: 'loading' });
    setError(null);
    setPlaying(false);
    setPosition({ current: 0, duration: 0 });
    fetch(audioUrl, { credentials: 'omit', mode: 'cors' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${response.status} ${response.statusText}`);
        const blob = await response.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setSource({ kind: 'ready', src: objectUrl, fromBlob: true });
      })
      .catch(() => {
        if (!cancelled) setSource({ kind: 'ready', src: audioUrl, fromBlob: false });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [audioUrl]);

  // Each loaded clip has its own source address, so this runs once per clip, when its controls appear.
  const readySource = source.kind === 'ready' ? source.src : null;
  useEffect(() => {
    if (readySource === null) return;
    const point = latestResumeFrom.current?.();
    if (point && audio.current) resumeAt(audio.current, point);
    latestOnReady.current?.(playButton.current);
  }, [readySource]);

  if (source.kind === 'loading') {
    return (
      <p role="status" className="text-sm text-muted">
        {PLAYER_TEXT.loading}
      </p>
    );
  }

  function onMediaError(event: SyntheticEvent<HTMLAudioElement>) {
    setPlaying(false);
    // The direct link is already the fallback: when it fails too, the file cannot be reached.
    if (source.kind === 'ready' && !source.fromBlob) return setError(PLAYER_TEXT.unreachable);
    const message = event.currentTarget.error?.message;
    setError(message ? PLAYER_TEXT.mediaError(message) : PLAYER_TEXT.mediaFailed);
  }

  async function togglePlay() {
    const element = audio.current;
    if (!element) return;
    if (!element.paused) return element.pause();
    try {
      await element.play();
    } catch {
      setPlaying(false);
      setError(PLAYER_TEXT.playRefused);
    }
  }

  const onTime = (event: SyntheticEvent<HTMLAudioElement>) => {
    const element = event.currentTarget;
    setPosition({ current: element.currentTime, duration: Number.isFinite(element.duration) ? element.duration : 0 });
  };

  const percent = position.duration > 0 ? Math.min(100, (position.current / position.duration) * 100) : 0;

  return (
    <div className="space-y-3">
      <div className="flex items-center gap-3 rounded-control border border-line bg-white p-3 shadow-sm">
        <PlayPauseButton playing={playing} onToggle={() => void togglePlay()} buttonRef={playButton} />
        <div className="relative h-2 flex-1 rounded-full bg-accent-soft">
          <div
            data-testid="playback-progress"
            className="pointer-events-none absolute inset-y-0 left-0 rounded-full bg-accent"
            style={{ width: `${percent}%` }}
          />
          {/* The range input lies invisibly over the bar, so the bar can be dragged and moved with the keyboard. */}
          <input
            type="range"
            aria-label="Playback position"
            aria-valuetext={`${clock(position.current)} of ${clock(position.duration)}`}
            min={0}
            max={position.duration || 0}
            step={0.1}
            value={position.current}
            disabled={position.duration === 0}
            onChange={(event) => {
              if (audio.current) audio.current.currentTime = Number(event.target.value);
            }}
            className="absolute -inset-y-2 inset-x-0 m-0 h-6 w-full cursor-pointer opacity-0 disabled:cursor-default"
          />
        </div>
        <span className="shrink-0 text-xs tabular-nums text-muted">
          {clock(position.current)} / {clock(position.duration)}
        </span>
      </div>
      {/* biome-ignore lint/a11y/useMediaCaption: generated speech has a transcript file rather than a caption track. */}
      <audio
        ref={audio}
        data-testid="result-audio"
        src={source.src}
        preload="auto"
        className="hidden"
        onPlay={() => {
          setPlaying(true);
          setError(null);
        }}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={onTime}
        onLoadedMetadata={onTime}
        onDurationChange={onTime}
        onError={onMediaError}
      />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <a
        href={source.src}
        download="generated-audio.mp3"
        className="inline-flex items-center gap-2 rounded-control border border-line bg-white px-4 py-2 text-sm font-semibold text-ink hover:border-accent hover:text-accent"
      >
        <Download aria-hidden className="h-4 w-4" />
        Download Audio
      </a>
    </div>
  );
}
