import { studioCardStyle } from '@/components/ui/card-styles';
import { GenerationProgress } from '@/components/ui/generation-progress';
import { ResultPlayer } from '@/components/ui/result-player';
import { progressPercent } from '@/lib/speech-task/polling';
import type { SpeechTaskState } from '@/lib/speech-task/use-speech-task';
import { TranscriptView } from './transcript-view';

/** The generation's status and progress, then the player and the transcript; nothing before the first Generate. */
export function CloneResultCard({ state, justFinished }: { state: SpeechTaskState; justFinished: boolean }) {
  if (state.phase !== 'generating' && state.phase !== 'done') return null;
  const transcriptUrl = state.phase === 'done' ? state.task.transcript_url : null;
  return (
    <div className={studioCardStyle} aria-live="polite">
      <h2 className="text-lg font-semibold text-ink">Result</h2>
      {state.phase === 'generating' ? (
        <div className="mt-4">
          <GenerationProgress
            label={state.task?.status ? `Status: ${state.task.status}` : 'Generating...'}
            percent={progressPercent(state.task)}
            queuePosition={state.task?.queue_position}
          />
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          {justFinished && <p className="text-sm text-emerald-700">Voice generation completed!</p>}
          <ResultPlayer audioUrl={state.audioUrl} />
          {transcriptUrl && (
            <details className="rounded-control border border-line p-3">
              <summary className="cursor-pointer text-sm font-semibold text-ink">Transcript</summary>
              <div className="mt-3">
                <TranscriptView url={transcriptUrl} />
              </div>
            </details>
          )}
        </div>
      )}
    </div>
  );
}
