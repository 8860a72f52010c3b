import { InlineMessage } from '@/components/ui/inline-message';
import { isVoiceProcessingLine } from '@/lib/speech-task/task-errors';

/** One of the studio's error lines, beside its control; a corrupted-voice failure also lists what to do about it. */
export function CloneStudioError({ message }: { message: string }) {
  return (
    <InlineMessage tone="error" messageKey={message}>
      <p>{message}</p>
      {isVoiceProcessingLine(message) && (
        <ul className="mt-2 list-disc pl-5">
          <li>Delete this voice.</li>
          <li>Upload a new, clear recording of 10-30 seconds.</li>
          <li>Create the voice again.</li>
          <li>Make sure the recording has one speaker and no background music.</li>
        </ul>
      )}
    </InlineMessage>
  );
}
