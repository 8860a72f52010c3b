import { isVoiceProcessingError } from '@/lib/speech-task/task-errors';

/** The studio's one error line; a corrupted-voice failure also lists what to do about it. */
export function CloneStudioError({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-control border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger">
      <p>{message}</p>
      {isVoiceProcessingError(message) && (
        <ul className="mt-2 list-disc pl-5">
          <li>Delete this voice.</li>
          <li>Upload a new, clear recording of 10-30 seconds.</li>
          <li>Create the voice again.</li>
          <li>Make sure the recording has one speaker and no background music.</li>
        </ul>
      )}
    </div>
  );
}
