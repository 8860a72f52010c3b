import type { Voice } from '@sayso/contract/speech';
import { useState } from 'react';
import { voiceLabel } from '../lib/voice-options';
import { useVoicePicker } from './voice-picker-context';

interface VoiceChoiceProps {
  /** What the voice is for, read out with the button ("Narrator", "Voice for Tom"). */
  label: string;
  voices: Voice[];
  voiceId: string | null;
  /** Shown when no voice of its own is set ("Narrator's voice"). */
  emptyLabel?: string;
  onChoose: (voiceId: string) => void;
  /** Offers going back to the voice it would otherwise have (the narrator's). */
  onClear?: () => void;
  disabled?: boolean;
}

/** A voice shown by name with a Change button that opens the voice library. */
export function VoiceChoice({ label, voices, voiceId, emptyLabel, onChoose, onClear, disabled }: VoiceChoiceProps) {
  const Picker = useVoicePicker();
  const [open, setOpen] = useState(false);
  const name = voiceId ? voiceLabel(voices, voiceId) : (emptyLabel ?? 'No voice yet');
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="min-w-0 truncate text-sm font-medium text-ink">{name}</span>
      <button
        type="button"
        disabled={disabled || voices.length === 0}
        onClick={() => setOpen(true)}
        aria-label={`${label}: ${name}. Change`}
        className="rounded-control border border-line px-2.5 py-1 text-sm font-medium text-accent-strong hover:border-accent disabled:opacity-60"
      >
        Change
      </button>
      {onClear && voiceId ? (
        <button
          type="button"
          disabled={disabled}
          onClick={onClear}
          aria-label={`Reset ${label}`}
          className="rounded-control px-2 py-1 text-sm text-muted hover:bg-accent-soft hover:text-ink"
        >
          Reset
        </button>
      ) : null}
      {open ? (
        <Picker
          open
          onOpenChange={setOpen}
          voices={voices}
          selectedId={voiceId}
          onSelect={(voice) => {
            setOpen(false);
            onChoose(voice.voice_id);
          }}
        />
      ) : null}
    </div>
  );
}
