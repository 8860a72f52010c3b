import { Pause, Play } from 'lucide-react';
import type { Ref } from 'react';

/** The round Play/Pause button of the studios' players (the finished file's and the live stream's). */
export function PlayPauseButton({
  playing,
  onToggle,
  buttonRef,
}: {
  playing: boolean;
  onToggle: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      onClick={onToggle}
      aria-label={playing ? 'Pause' : 'Play'}
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent text-white hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      {playing ? (
        <Pause aria-hidden className="h-4 w-4 fill-current" />
      ) : (
        <Play aria-hidden className="ml-0.5 h-4 w-4 fill-current" />
      )}
    </button>
  );
}
