import * as Dialog from '@radix-ui/react-dialog';
import type { Voice } from '@sayso/contract/speech';
import { SearchX, X } from 'lucide-react';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { useMediaQuery } from '@/lib/use-media-query';
import { useStoredVoiceFilters } from '../lib/use-stored-voice-filters';
import { useVoiceSample } from '../lib/use-voice-sample';
import { activeFilterCount, facetOptions, filterVoices, languageForFilter, NO_FILTERS } from '../lib/voice-filters';
import { VoiceLibraryFilters } from './voice-library-filters';
import { LIST_HEIGHT, VoiceLibraryList, type VoiceLibraryListHandle } from './voice-library-list';

// Tailwind's sm breakpoint. Below it the filters fold behind a button and a row's language
// dropdown takes a line of its own.
const WIDE = '(min-width: 40rem)';
const count = new Intl.NumberFormat('en-US');
const voicesLabel = (n: number) => `${count.format(n)} ${n === 1 ? 'voice' : 'voices'}`;

interface VoicePickerModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  voices: Voice[];
  selectedId: string | null;
  onSelect: (voice: Voice, language: string | null) => void;
}

/**
 * The voice library (spec section 2, issue 35): search by name or description, filters for
 * language, gender, accent and kind, a sample per voice (one at a time), and a list rendered a
 * window at a time so a thousand voices stay smooth. The filters last for the visit.
 */
export function VoicePickerModal({ open, onOpenChange, voices, selectedId, onSelect }: VoicePickerModalProps) {
  const [filters, setFilters] = useStoredVoiceFilters();
  const [languages, setLanguages] = useState<Record<string, string>>({});
  const { sample, failedVoiceId, toggle, stop } = useVoiceSample();
  const wide = useMediaQuery(WIDE, true);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<VoiceLibraryListHandle>(null);

  // Typing stays responsive on long lists: the list catches up with the search a moment later.
  const query = useDeferredValue(filters.query);
  const applied = useMemo(() => ({ ...filters, query }), [filters, query]);
  const found = useMemo(() => filterVoices(voices, applied), [voices, applied]);
  const options = useMemo(() => facetOptions(voices, applied), [voices, applied]);
  const narrowed = activeFilterCount(filters) > 0;

  // A closed library is silent.
  useEffect(() => {
    if (!open) stop();
  }, [open, stop]);

  const languageOf = (voice: Voice) => languages[voice.voice_id] ?? languageForFilter(voice, applied.language);
  // Stable, so rows already on screen are not rendered again as the list scrolls.
  const chooseLanguage = useCallback(
    (voice: Voice, language: string) => setLanguages((all) => ({ ...all, [voice.voice_id]: language })),
    [],
  );
  const toggleSample = useCallback((voice: Voice, url: string) => toggle(voice.voice_id, url), [toggle]);
  const choose = useCallback(
    (voice: Voice, language: string | null) => {
      stop();
      onSelect(voice, language);
    },
    [stop, onSelect],
  );
  const failedVoice = failedVoiceId ? voices.find((voice) => voice.voice_id === failedVoiceId) : undefined;

  const reset = () => {
    setFilters(NO_FILTERS);
    searchRef.current?.focus();
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* No backdrop blur here, unlike the other dialogs: re-blurring the page on every frame made a fast
            scroll through the list three to seven times slower where the browser paints without a GPU. */}
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-card bg-card shadow-xl focus:outline-none"
          onOpenAutoFocus={(event) => {
            // The search comes first: most people know the voice, or the language, they want.
            event.preventDefault();
            searchRef.current?.focus();
          }}
        >
          <div className="space-y-4 border-b border-line p-4 sm:p-5">
            <div className="flex items-start justify-between gap-4">
              <div>
                <Dialog.Title className="text-xl font-semibold text-ink">Select a Voice</Dialog.Title>
                <Dialog.Description className="mt-1 text-sm text-muted">
                  Press play to hear a sample; choose a voice to use it.
                </Dialog.Description>
              </div>
              <Dialog.Close
                aria-label="Close"
                className="rounded-control p-1.5 text-muted hover:bg-accent-soft hover:text-ink"
              >
                <X aria-hidden className="h-5 w-5" />
              </Dialog.Close>
            </div>
            {voices.length > 0 && (
              <>
                <VoiceLibraryFilters
                  filters={filters}
                  onChange={setFilters}
                  options={options}
                  wide={wide}
                  searchRef={searchRef}
                  onSearchArrowDown={() => listRef.current?.focusActiveRow()}
                />
                <div className="flex min-h-8 items-center justify-between gap-3 text-sm">
                  <p data-testid="voice-count" role="status" className="text-muted">
                    {narrowed
                      ? `${count.format(found.length)} of ${voicesLabel(voices.length)}`
                      : voicesLabel(voices.length)}
                  </p>
                  {/* With nothing found, the empty list below offers the reset instead. */}
                  {narrowed && found.length > 0 && (
                    <button
                      type="button"
                      className="rounded-control px-2 py-1 font-medium text-accent-strong hover:bg-accent-soft"
                      onClick={reset}
                    >
                      Reset filters
                    </button>
                  )}
                </div>
                {failedVoice && (
                  <p role="alert" className="rounded-control bg-danger-soft px-3 py-2 text-sm text-danger">
                    The sample of {failedVoice.name} could not be played. Please try again.
                  </p>
                )}
              </>
            )}
          </div>
          {voices.length === 0 ? (
            <p className="p-10 text-center text-muted">No voices available. Please try again.</p>
          ) : found.length === 0 ? (
            <div
              className="flex min-h-0 shrink flex-col items-center justify-center gap-3 p-10 text-center"
              style={{ height: LIST_HEIGHT }}
            >
              <SearchX aria-hidden className="h-8 w-8 text-muted" />
              <p className="font-semibold text-ink">No voices match</p>
              <p className="max-w-xs text-sm text-muted">Try another name or fewer filters.</p>
              <button
                type="button"
                className="rounded-control bg-accent px-4 py-2 text-sm font-semibold text-white hover:bg-accent-strong"
                onClick={reset}
              >
                Reset filters
              </button>
            </div>
          ) : (
            <VoiceLibraryList
              ref={listRef}
              voices={found}
              selectedId={selectedId}
              wide={wide}
              sample={sample}
              languageOf={languageOf}
              onLanguageChange={chooseLanguage}
              onToggleSample={toggleSample}
              onSelect={choose}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
