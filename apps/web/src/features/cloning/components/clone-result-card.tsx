import { SpeechResultCard } from '@/components/ui/speech-result-card';
import type { PolledTask } from '@/lib/speech-task/poll-task';
import type { SpeechTaskState } from '@/lib/speech-task/use-speech-task';

/** While polling, the clone studio shows the task's status word (spec section 4). */
const statusLine = (task: PolledTask | null) => (task?.status ? `Status: ${task.status}` : 'Generating...');

/** The generation's status and progress, then the player and the transcript; nothing before the first Generate. */
export function CloneResultCard({ state, justFinished }: { state: SpeechTaskState; justFinished: boolean }) {
  return (
    <SpeechResultCard
      state={state}
      progressLabel={statusLine}
      notice={justFinished ? <p className="text-sm text-success">Voice generation completed!</p> : null}
    />
  );
}
