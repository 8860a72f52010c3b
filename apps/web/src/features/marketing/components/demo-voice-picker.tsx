import { Check } from 'lucide-react';
import type { DemoVoice } from '@/features/marketing/lib/demo-voices';

interface DemoVoicePickerProps {
  voices: readonly DemoVoice[];
  selectedId: string | null;
  onSelect: (voiceId: string) => void;
  disabled?: boolean;
}

/** Native radio buttons stretched invisibly over cards, so arrow keys move between voices and clicks land on the input. */
export function DemoVoicePicker({ voices, selectedId, onSelect, disabled = false }: DemoVoicePickerProps) {
  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-semibold text-ink">1. Choose a voice</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {voices.map((voice) => {
          const selected = voice.voice_id === selectedId;
          return (
            <label
              key={voice.voice_id}
              className={`relative flex cursor-pointer flex-col rounded-control border p-4 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent ${
                selected ? 'border-accent bg-accent-soft' : 'border-line bg-card hover:border-accent'
              }`}
            >
              <input
                type="radio"
                name="demo-voice"
                value={voice.voice_id}
                checked={selected}
                onChange={() => onSelect(voice.voice_id)}
                className="absolute inset-0 z-10 m-0 h-full w-full cursor-pointer appearance-none opacity-0"
              />
              <span className="flex items-center justify-between gap-2">
                <span className="font-semibold text-ink">{voice.voice_name}</span>
                {selected ? <Check aria-hidden className="h-4 w-4 text-accent" /> : null}
              </span>
              <span className="mt-1 text-xs text-muted capitalize">{voice.gender}</span>
              <span className="mt-3 flex flex-wrap gap-1">
                {voice.tag_list.map((tag) => (
                  <span key={tag} className="rounded-full bg-card px-2 py-0.5 text-xs text-muted ring-1 ring-line">
                    {tag}
                  </span>
                ))}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
