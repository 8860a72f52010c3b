import { type ReactNode, useRef, useState } from 'react';
import { studioCardStyle } from '@/components/ui/card-styles';
import { GenerationProgress } from '@/components/ui/generation-progress';
import { LivePlayer } from '@/components/ui/live-player';
import { ResultPlayer } from '@/components/ui/result-player';
import { TranscriptPanel } from '@/components/ui/transcript-panel';
import { revealResult } from '@/lib/reveal';
import { playbackPoint } from '@/lib/speech-task/audio-handover';
import type { PolledTask } from '@/lib/speech-task/poll-task';
import { progressPercent } from '@/lib/speech-task/polling';
import type { SpeechTaskState } from '@/lib/speech-task/use-speech-task';

interface SpeechResultCardProps {
  state: SpeechTaskState;
  /** The line above the progress bar for the latest poll answer (null before the first). */
  progressLabel: (task: PolledTask | null) => string;
  /** A passing line above the player once the clip is ready. */
  notice?: ReactNode;
}

/**
 * Both studios' Result card: the progress while speech is made, with the speech playing from its
 * live stream as soon as the first sentence exists, then the finished file's player (taking over
 * where the stream got to) and the transcript. A finished clip is brought into view with focus on its Play button, since on a
 * phone, and after long texts on a desktop, the card sits below the fold.
 */
export function SpeechResultCard({ state, progressLabel, notice }: SpeechResultCardProps) {
  const card = useRef<HTMLDivElement>(null);
  const live = useRef<HTMLAudioElement>(null);
  const streamUrl = state.phase === 'generating' || state.phase === 'done' ? state.streamUrl : undefined;
  // The live player plays until the finished file's player is ready and has taken over its place.
  const [handedOver, setHandedOver] = useState<string | null>(null);
  if (state.phase !== 'generating' && state.phase !== 'done') return null;
  const transcriptUrl = state.phase === 'done' ? (state.task.transcript_url ?? null) : null;
  return (
    <div ref={card} className={`${studioCardStyle} scroll-mt-24 scroll-mb-4`} aria-live="polite">
      <h2 className="text-lg font-semibold text-ink">Result</h2>
      {state.phase === 'generating' && (
        <div className="mt-4">
          <GenerationProgress
            label={progressLabel(state.task)}
            percent={progressPercent(state.task)}
            queuePosition={state.task?.queue_position}
          />
        </div>
      )}
      {/* One element from the first sentence to the handover, so playback never restarts. */}
      {streamUrl && handedOver !== streamUrl && (
        <LivePlayer src={streamUrl} audioRef={live} controls={state.phase === 'generating'} />
      )}
      {state.phase === 'done' && (
        <div className="mt-4 space-y-4">
          {notice}
          <ResultPlayer
            audioUrl={state.audioUrl}
            resumeFrom={() => playbackPoint(live.current)}
            onReady={(playButton) => {
              if (streamUrl) setHandedOver(streamUrl);
              if (card.current) revealResult(card.current, playButton);
            }}
          />
          {transcriptUrl && <TranscriptPanel url={transcriptUrl} />}
        </div>
      )}
    </div>
  );
}
