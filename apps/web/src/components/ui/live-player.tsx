import { type RefObject, useEffect, useState } from 'react';
import { PlayPauseButton } from '@/components/ui/play-pause-button';
import { clock } from '@/components/ui/result-player';

/** What the live player says while the rest of the speech is still being made. */
export const LIVE_PLAYER_TEXT = 'Playing as it is generated';

/**
 * Plays a task's audio while it is still being spoken (its `stream_url`, decision 0025): it starts
 * on its own, since the Generate click that led here lets a page play sound; a browser that still
 * refuses leaves the Play button to press. The stream has no length and cannot seek, so there is no
 * position bar, only the time heard so far. `controls` false keeps it playing with nothing shown,
 * while the finished file's player gets ready to take over.
 */
export function LivePlayer({
  src,
  audioRef,
  controls,
}: {
  src: string;
  audioRef: RefObject<HTMLAudioElement | null>;
  controls: boolean;
}) {
  const [playing, setPlaying] = useState(false);
  const [heard, setHeard] = useState(0);

  useEffect(() => {
    // A new address starts a new stream; a refused start leaves the Play button.
    if (src) audioRef.current?.play().catch(() => setPlaying(false));
  }, [src, audioRef]);

  function toggle() {
    const element = audioRef.current;
    if (!element) return;
    if (!element.paused) return element.pause();
    element.play().catch(() => setPlaying(false));
  }

  return (
    <div className={controls ? 'mt-4' : 'hidden'}>
      {controls && (
        <div className="flex items-center gap-3 rounded-control border border-line bg-white p-3 shadow-sm">
          <PlayPauseButton playing={playing} onToggle={toggle} />
          <p className="flex-1 text-sm text-muted">{LIVE_PLAYER_TEXT}</p>
          <span className="shrink-0 text-xs tabular-nums text-muted">{clock(heard)}</span>
        </div>
      )}
      {/* biome-ignore lint/a11y/useMediaCaption: generated speech has a transcript file rather than a caption track. */}
      <audio
        ref={audioRef}
        data-testid="live-audio"
        src={src}
        preload="auto"
        className="hidden"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) => setHeard(event.currentTarget.currentTime)}
        // A broken stream (the task failed) says nothing here: the poll brings the task's own message.
        onError={() => setPlaying(false)}
      />
    </div>
  );
}
