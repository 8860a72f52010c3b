import { InlineMessage } from '@/components/ui/inline-message';

/** One of the studio's error lines, beside its control; a corrupted-voice failure (`remedies`) also lists what to do about it. */
export function CloneStudioError({ message, remedies = false }: { message: string; remedies?: boolean }) {
  return (
    <InlineMessage tone="error" messageKey={message}>
      <p>{message}</p>
      {remedies && (
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
