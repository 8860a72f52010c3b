import type { ClonedVoice } from '@sayso/contract/voices';
import { Pause, Play, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { formatDate } from '@/lib/format';
import { MAX_VOICES } from '../lib/create-voice-checks';
import { VoiceId } from './voice-id';

/** 'Your Cloned Voices': the saved voices with Use, Play (when there is a sample) and Delete. */
export function ClonedVoicesModal({
  open,
  onOpenChange,
  voices,
  loading,
  selectedId,
  onUse,
  onDelete,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  voices: ClonedVoice[];
  loading: boolean;
  selectedId: string | null;
  onUse: (voice: ClonedVoice) => void;
  onDelete: (voice: ClonedVoice) => Promise<void>;
}) {
  const player = useRef<HTMLAudioElement | null>(null);
  const [playing, setPlaying] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ClonedVoice | null>(null);
  const [deleting, setDeleting] = useState(false);

  const play = (voice: ClonedVoice) => {
    player.current?.pause();
    if (playing === voice.voiceId) {
      setPlaying(null);
      return;
    }
    const audio = new Audio(voice.mp3Link);
    player.current = audio;
    audio.onended = () => setPlaying(null);
    setPlaying(voice.voiceId);
    void audio.play().catch(() => setPlaying(null));
  };

  if (confirming) {
    return (
      <ModalDialog
        open
        busy={deleting}
        onOpenChange={() => setConfirming(null)}
        title="Delete this voice?"
        description={`"${confirming.voiceName}" will be removed for good.`}
        actions={
          <>
            <button
              type="button"
              onClick={() => setConfirming(null)}
              className="rounded-control border border-line bg-white px-5 py-2.5 text-sm font-semibold text-ink hover:border-accent"
            >
              Cancel
            </button>
            <button
              type="button"
              disabled={deleting}
              onClick={async () => {
                setDeleting(true);
                try {
                  await onDelete(confirming);
                } finally {
                  setDeleting(false);
                  setConfirming(null);
                }
              }}
              className="rounded-control bg-danger px-5 py-2.5 text-sm font-semibold text-white hover:opacity-90"
            >
              {deleting ? 'Deleting...' : 'Delete'}
            </button>
          </>
        }
      />
    );
  }

  return (
    <ModalDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) player.current?.pause();
        onOpenChange(next);
      }}
      title="Your Cloned Voices"
      description={`${voices.length} / ${MAX_VOICES} voices saved`}
      actions={null}
    >
      <div className="mt-4">
        {loading ? (
          <p className="text-sm text-muted">Loading your voices...</p>
        ) : voices.length === 0 ? (
          <p className="text-sm text-muted">No cloned voices yet. Create your first voice clone!</p>
        ) : (
          <ul className="divide-y divide-line rounded-control border border-line" aria-label="Cloned voices">
            {voices.map((voice) => (
              <li key={voice.voiceId} className="p-3">
                <p className="flex flex-wrap items-center gap-1.5 font-medium text-ink">
                  <span className="mr-1">{voice.voiceName}</span>
                  {voice.voiceId === selectedId && (
                    <span className="whitespace-nowrap rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-800">
                      In Use
                    </span>
                  )}
                  {voice.approximate ? (
                    <span className="whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-800">
                      approximate
                    </span>
                  ) : (
                    <span className="whitespace-nowrap rounded-full bg-sky-100 px-2 py-0.5 text-xs text-sky-800">
                      neural
                    </span>
                  )}
                </p>
                <div className="mt-1 flex items-end justify-between gap-3">
                  <div className="min-w-0 text-xs text-muted">
                    <VoiceId voiceId={voice.voiceId} voiceName={voice.voiceName} />
                    <p>Created {formatDate(voice.createdAt)}</p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    <button
                      type="button"
                      onClick={() => onUse(voice)}
                      aria-label={`Use ${voice.voiceName}`}
                      className="rounded-control bg-accent px-3 py-1.5 text-sm font-semibold text-white hover:bg-accent-strong"
                    >
                      Use
                    </button>
                    {voice.mp3Link && (
                      <button
                        type="button"
                        onClick={() => play(voice)}
                        aria-label={`${playing === voice.voiceId ? 'Stop' : 'Play'} ${voice.voiceName}`}
                        className="rounded-control border border-line p-2 text-accent hover:border-accent"
                      >
                        {playing === voice.voiceId ? (
                          <Pause aria-hidden className="h-4 w-4" />
                        ) : (
                          <Play aria-hidden className="h-4 w-4" />
                        )}
                      </button>
                    )}
                    <button
                      type="button"
                      onClick={() => setConfirming(voice)}
                      aria-label={`Delete ${voice.voiceName}`}
                      className="rounded-control border border-line p-2 text-danger hover:border-danger"
                    >
                      <Trash2 aria-hidden className="h-4 w-4" />
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </ModalDialog>
  );
}
