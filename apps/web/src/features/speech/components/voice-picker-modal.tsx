import * as Dialog from '@radix-ui/react-dialog';
import type { Voice } from '@sayso/contract/speech';
import { Pause, Play, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';

const LIST_HEIGHT = 600;
const OVERSCAN = 4;
// Tailwind's sm breakpoint. Below it a row has no room for the language dropdown beside the voice's
// "locale · accent · gender" line, so the dropdown takes a line of its own and the row grows.
const WIDE_ROWS = '(min-width: 40rem)';
const ROW_HEIGHT = { wide: 76, narrow: 108 } as const;

interface VoicePickerModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  voices: Voice[];
  selectedId: string | null;
  onSelect: (voice: Voice, language: string | null) => void;
}

/**
 * The voice picker (spec section 2): a 600 px list, rendered a window at a time so thousands of
 * voices stay smooth; one preview plays at a time; clicking a voice selects it.
 */
export function VoicePickerModal({ open, onOpenChange, voices, selectedId, onSelect }: VoicePickerModalProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const [playing, setPlaying] = useState<string | null>(null);
  const [languages, setLanguages] = useState<Record<string, string>>({});
  const audio = useRef<HTMLAudioElement | null>(null);
  const rowHeight = useMediaQuery(WIDE_ROWS, true) ? ROW_HEIGHT.wide : ROW_HEIGHT.narrow;

  const stopPreview = () => {
    audio.current?.pause();
    audio.current = null;
    setPlaying(null);
  };
  useEffect(() => {
    if (open) return;
    audio.current?.pause();
    audio.current = null;
    setPlaying(null);
  }, [open]);
  useEffect(() => () => audio.current?.pause(), []);

  const togglePreview = (voice: Voice) => {
    const url = previewUrl(voice, languages[voice.voice_id]);
    if (playing === voice.voice_id || !url) {
      stopPreview();
      return;
    }
    // Starting a preview stops the one playing.
    audio.current?.pause();
    const next = new Audio(url);
    next.addEventListener('ended', () => setPlaying((id) => (id === voice.voice_id ? null : id)));
    audio.current = next;
    setPlaying(voice.voice_id);
    // A preview stopped before it started rejects its play(); only its own failure clears the state.
    next.play().catch(() => setPlaying((id) => (id === voice.voice_id ? null : id)));
  };

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(voices.length, Math.ceil((scrollTop + LIST_HEIGHT) / rowHeight) + OVERSCAN);
  const visible = voices.slice(first, last);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-card bg-card shadow-xl focus:outline-none">
          <div className="flex items-start justify-between gap-4 border-b border-line p-5">
            <div>
              <Dialog.Title className="text-xl font-semibold text-ink">Select a Voice</Dialog.Title>
              <Dialog.Description className="mt-1 text-sm text-muted">
                {voices.length} voices. Press play to preview; click a voice to use it.
              </Dialog.Description>
            </div>
            <Dialog.Close
              aria-label="Close"
              className="rounded-control p-1.5 text-muted hover:bg-accent-soft hover:text-ink"
            >
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          </div>
          {voices.length === 0 ? (
            <p className="p-10 text-center text-muted">No voices available. Please try again.</p>
          ) : (
            <div
              data-testid="voice-list"
              className="overflow-y-auto"
              style={{ height: LIST_HEIGHT, maxHeight: 'calc(100vh - 10rem)' }}
              onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
            >
              <ul aria-label="Voices" className="relative" style={{ height: voices.length * rowHeight }}>
                {visible.map((voice, offset) => {
                  const index = first + offset;
                  const selected = voice.voice_id === selectedId;
                  const language = languages[voice.voice_id] ?? null;
                  return (
                    <li
                      key={voice.voice_id}
                      className={`absolute inset-x-0 grid grid-cols-[auto_minmax(0,1fr)] content-center items-center gap-x-3 gap-y-2 border-b border-line px-5 sm:flex ${selected ? 'bg-accent-soft' : 'hover:bg-surface'}`}
                      style={{ top: index * rowHeight, height: rowHeight }}
                    >
                      <button
                        type="button"
                        className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full border border-line bg-white text-accent hover:border-accent disabled:opacity-40"
                        aria-label={
                          playing === voice.voice_id ? `Stop preview of ${voice.name}` : `Play preview of ${voice.name}`
                        }
                        disabled={!previewUrl(voice, language ?? undefined)}
                        onClick={() => togglePreview(voice)}
                      >
                        {playing === voice.voice_id ? (
                          <Pause aria-hidden className="h-4 w-4" />
                        ) : (
                          <Play aria-hidden className="h-4 w-4" />
                        )}
                      </button>
                      <button
                        type="button"
                        aria-pressed={selected}
                        className="flex min-w-0 flex-1 flex-col items-start text-left"
                        onClick={() => {
                          stopPreview();
                          onSelect(voice, language);
                        }}
                      >
                        <span className="max-w-full truncate font-semibold text-ink">{voice.name}</span>
                        <span data-testid="voice-details" className="max-w-full truncate text-sm text-muted">
                          {[voice.locale || voice.language, voice.accent, voice.gender].filter(Boolean).join(' · ')}
                        </span>
                      </button>
                      {voice.verified_languages.length > 1 && (
                        <select
                          aria-label={`Language for ${voice.name}`}
                          className="col-start-2 justify-self-start rounded-control border border-line bg-white px-2 py-1 text-sm sm:max-w-[45%] sm:shrink-0"
                          value={language ?? voice.locale}
                          onChange={(event) =>
                            setLanguages((all) => ({ ...all, [voice.voice_id]: event.target.value }))
                          }
                        >
                          {voice.verified_languages.map((option) => (
                            <option
                              key={`${option.language}-${option.locale}`}
                              value={option.locale ?? option.language}
                            >
                              {option.accent || option.language}
                              {option.locale ? ` (${option.locale})` : ''}
                            </option>
                          ))}
                        </select>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function previewUrl(voice: Voice, language: string | undefined): string | null {
  if (language) {
    const match = voice.verified_languages.find((option) => (option.locale ?? option.language) === language);
    if (match?.preview_url) return match.preview_url;
  }
  return voice.preview_url;
}
