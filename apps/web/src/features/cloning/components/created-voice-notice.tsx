import type { CreatedNotice } from '../hooks/use-create-voice';

/** 'Voice Created Successfully', saying which kind of clone it is, with a note on short samples. */
export function CreatedVoiceNotice({ notice }: { notice: CreatedNotice }) {
  return (
    <div role="status" className="rounded-control border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900">
      <p className="font-semibold">Voice Created Successfully</p>
      <p>"{notice.name}" is selected and ready to speak.</p>
      {notice.approximate ? (
        <p className="mt-1 text-xs">
          On this server, clones are approximate: the voice is fitted to your sample's measured pitch, pitch range,
          voice depth and speaking rate.
        </p>
      ) : (
        <p className="mt-1 text-xs">A neural model learned this voice from your sample.</p>
      )}
      {notice.requiresVerification && (
        <p className="mt-1 text-xs font-medium">
          The speech service must verify this voice before it can speak. Complete the verification in your ElevenLabs
          account, then generate with it here.
        </p>
      )}
      {notice.short && (
        // The spec's condition (under 500,000 bytes) is about the file, not its length: a 20-second
        // sample is within the advised 10–30 seconds, so the note speaks of detail, never "short".
        <p className="mt-1 text-xs">
          Your file is under 500 KB, so it carries little detail of the voice. If the clone sounds off, try a clear,
          good-quality recording of 10–30 seconds.
        </p>
      )}
    </div>
  );
}
