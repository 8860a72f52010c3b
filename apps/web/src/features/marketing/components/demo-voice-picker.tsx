import { Check, Play, Square } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { DemoVoice } from '@/features/marketing/lib/demo-voices';

interface DemoVoicePickerProps {
  voices: readonly DemoVoice[];
  selectedId: string | null;
  onSelect: (voiceId: string) => void;
  disabled?: boolean;
}

/** Plays one voice sample at a time: starting another sample stops the one playing. */
function useSamplePlayer() {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    audio.current = null;
    setPlayingId(null);
  }, []);

  useEffect(() => () => audio.current?.pause(), []);

  const toggle = (voice: DemoVoice) => {
    const wasPlaying = playingId === voice.voice_id;
    stop();
    if (wasPlaying || !voice.sample_audio) return;
    const sample = new Audio(voice.sample_audio);
    audio.current = sample;
    setPlayingId(voice.voice_id);
    const finish = () => {
      if (audio.current === sample) stop();
    };
    sample.addEventListener('ended', finish);
    sample.addEventListener('error', finish);
    // A refused play (autoplay policy, a missing file) leaves the button ready to try again.
    void Promise.resolve(sample.play()).catch(finish);
  };

  return { playingId, toggle, stop };
}

/** Native radio buttons stretched invisibly over cards, so arrow keys move between voices and clicks land on the input. */
export function DemoVoicePicker({ voices, selectedId, onSelect, disabled = false }: DemoVoicePickerProps) {
  const { playingId, toggle, stop } = useSamplePlayer();

  // Generating starts the visitor's own audio; a sample should not talk over it.
  useEffect(() => {
    if (disabled) stop();
  }, [disabled, stop]);

  return (
    <fieldset disabled={disabled}>
      <legend className="text-sm font-semibold text-ink">1. Choose a voice</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {voices.map((voice) => {
          const selected = voice.voice_id === selectedId;
          const playing = voice.voice_id === playingId;
          return (
            <div key={voice.voice_id} className="relative">
              <label
                className={`relative flex h-full cursor-pointer flex-col rounded-control border p-4 pr-12 transition has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent ${
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
                <span className="flex items-center gap-2">
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
              {voice.sample_audio ? (
                <button
                  type="button"
                  onClick={() => toggle(voice)}
                  aria-label={`${playing ? 'Stop' : 'Play'} sample of ${voice.voice_name}`}
                  aria-pressed={playing}
                  className="absolute top-3 right-3 z-20 inline-flex h-8 w-8 items-center justify-center rounded-full border border-line bg-card text-accent hover:border-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-50"
                >
                  {playing ? (
                    <Square aria-hidden className="h-3.5 w-3.5 fill-current" />
                  ) : (
                    <Play aria-hidden className="h-3.5 w-3.5 fill-current" />
                  )}
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
