import { LoaderCircle, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { startedPlaying, stoppedPlaying } from '../lib/one-at-a-time';

interface ClipButtonProps {
  src: string;
  /** What it plays, for the button's name: "Play <label>" / "Pause <label>". */
  label: string;
  testId?: string;
}

/** A small play/pause button for one sentence or take; the audio is fetched when first pressed. */
export function ClipButton({ src, label, testId }: ClipButtonProps) {
  const audio = useRef<HTMLAudioElement>(null);
  const [phase, setPhase] = useState<'idle' | 'loading' | 'playing'>('idle');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = audio.current;
    return () => {
      if (element) stoppedPlaying(element);
    };
  }, []);

  async function toggle() {
    const element = audio.current;
    if (!element) return;
    setFailed(false);
    if (phase === 'playing') {
      element.pause();
      return;
    }
    setPhase('loading');
    try {
      startedPlaying(element);
      await element.play();
    } catch {
      setFailed(true);
      setPhase('idle');
    }
  }

  const playing = phase === 'playing';
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        onClick={() => void toggle()}
        aria-label={`${playing ? 'Pause' : 'Play'} ${label}`}
        aria-busy={phase === 'loading'}
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full border border-line bg-card text-accent transition-colors hover:border-accent hover:bg-accent-soft"
      >
        {phase === 'loading' ? (
          <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
        ) : playing ? (
          <Pause aria-hidden className="h-4 w-4" />
        ) : (
          <Play aria-hidden className="ml-0.5 h-4 w-4" />
        )}
      </button>
      {/* biome-ignore lint/a11y/useMediaCaption: the sentence it speaks is written beside it. */}
      <audio
        ref={audio}
        src={src}
        preload="none"
        data-testid={testId}
        className="hidden"
        onPlaying={() => setPhase('playing')}
        onPause={() => {
          if (audio.current) stoppedPlaying(audio.current);
          setPhase('idle');
        }}
        onEnded={() => setPhase('idle')}
        onError={() => {
          setFailed(true);
          setPhase('idle');
        }}
      />
      {failed ? (
        <span role="alert" className="text-xs text-danger">
          Could not play.
        </span>
      ) : null}
    </span>
  );
}
