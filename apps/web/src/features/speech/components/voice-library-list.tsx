import type { Voice } from '@sayso/contract/speech';
import { defaultRangeExtractor, measureElement, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { Check, Loader2, Pause, Play, Scale } from 'lucide-react';
import {
  type KeyboardEvent,
  type Ref,
  useCallback,
  useEffect,
  useId,
  memo,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { KIND_LABELS } from '../lib/voice-filters';
import type { VoiceSampleState } from '../lib/use-voice-sample';

export const LIST_HEIGHT = 600;
// A first guess at a row's height before it is measured: one line of controls when the dialog is
// wide, the language dropdown on a line of its own when it is narrow, one more line for a licence note.
const ROW_ESTIMATE = { wide: 76, narrow: 108, note: 36 } as const;
const OVERSCAN = 6;

export interface VoiceLibraryListHandle {
  /** Puts keyboard focus on the list's current row (ArrowDown from the search field). */
  focusActiveRow: () => void;
}

interface VoiceLibraryListProps {
  voices: Voice[];
  selectedId: string | null;
  wide: boolean;
  sample: VoiceSampleState | null;
  /** The language each voice will speak in: chosen in its row, or implied by the language filter. */
  languageOf: (voice: Voice) => string | null;
  onLanguageChange: (voice: Voice, language: string) => void;
  onToggleSample: (voice: Voice, url: string) => void;
  onSelect: (voice: Voice, language: string | null) => void;
  ref?: Ref<VoiceLibraryListHandle>;
}

/**
 * The library's voices, a window at a time (TanStack Virtual), so a thousand voices scroll as
 * smoothly as ten. One row is the keyboard's: Tab reaches its controls, the arrow keys, Home and End
 * move between rows, and Enter on the voice selects it.
 */
export function VoiceLibraryList({
  voices,
  selectedId,
  wide,
  sample,
  languageOf,
  onLanguageChange,
  onToggleSample,
  onSelect,
  ref,
}: VoiceLibraryListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const selectedIndex = voices.findIndex((voice) => voice.voice_id === selectedId);
  const [activeIndex, setActiveIndex] = useState(Math.max(0, selectedIndex));
  const focusRequest = useRef<number | null>(null);
  const active = Math.min(activeIndex, Math.max(0, voices.length - 1));

  // The keyboard's row stays rendered while it scrolls out of view, so focus is never dropped.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (active < range.count && !indexes.includes(active)) indexes.push(active);
      return indexes.sort((a, b) => a - b);
    },
    [active],
  );

  const virtualizer = useVirtualizer({
    count: voices.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) =>
      (wide ? ROW_ESTIMATE.wide : ROW_ESTIMATE.narrow) + (voices[index]?.license_note ? ROW_ESTIMATE.note : 0),
    getItemKey: (index) => voices[index]?.voice_id ?? index,
    overscan: OVERSCAN,
    rangeExtractor,
    // A row that is not laid out (0 px) keeps its estimate rather than collapsing the list.
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || instance.options.estimateSize(instance.indexFromElement(element)),
  });

  // Opening the library shows the voice in use.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list first appears
  useEffect(() => {
    if (selectedIndex > 0) virtualizer.scrollToIndex(selectedIndex, { align: 'center' });
  }, []);

  // A new search or filter starts at the top of what it found.
  const shownVoices = useRef(voices);
  useEffect(() => {
    if (shownVoices.current === voices) return;
    shownVoices.current = voices;
    setActiveIndex(0);
    virtualizer.scrollToOffset(0);
  }, [voices, virtualizer]);

  const focusRow = (index: number): boolean => {
    const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${index}"] [data-voice-choice]`);
    row?.focus({ preventScroll: true });
    return row !== null && row !== undefined;
  };

  const moveTo = (index: number) => {
    const next = Math.min(Math.max(0, index), voices.length - 1);
    setActiveIndex(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    // A row out of the window is focused once it is rendered (below).
    focusRequest.current = focusRow(next) ? null : next;
  };

  useImperativeHandle(ref, () => ({ focusActiveRow: () => voices.length > 0 && moveTo(active) }));

  useLayoutEffect(() => {
    const wanted = focusRequest.current;
    if (wanted !== null && focusRow(wanted)) focusRequest.current = null;
  });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    // A language dropdown keeps its arrow keys for its own options.
    if (event.target instanceof HTMLSelectElement) return;
    const page = Math.max(1, Math.floor(LIST_HEIGHT / (wide ? ROW_ESTIMATE.wide : ROW_ESTIMATE.narrow)) - 1);
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      PageDown: active + page,
      PageUp: active - page,
      Home: 0,
      End: voices.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  return (
    <div
      ref={scrollRef}
      data-testid="voice-list"
      className="min-h-0 shrink overflow-y-auto overscroll-contain"
      style={{ height: LIST_HEIGHT }}
    >
      <ul aria-label="Voices" className="relative" style={{ height: virtualizer.getTotalSize() }} onKeyDown={onKeyDown}>
        {virtualizer.getVirtualItems().map((item) => {
          const voice = voices[item.index];
          if (!voice) return null;
          return (
            <VoiceRow
              key={item.key}
              index={item.index}
              count={voices.length}
              start={item.start}
              measure={virtualizer.measureElement}
              voice={voice}
              keyboardRow={item.index === active}
              selected={voice.voice_id === selectedId}
              sample={sample?.voiceId === voice.voice_id ? sample.phase : null}
              language={languageOf(voice)}
              onLanguageChange={onLanguageChange}
              onToggleSample={onToggleSample}
              onSelect={onSelect}
              onFocusRow={setActiveIndex}
            />
          );
        })}
      </ul>
    </div>
  );
}

interface VoiceRowProps {
  index: number;
  count: number;
  start: number;
  measure: (element: Element | null) => void;
  voice: Voice;
  /** The row the keyboard reaches with Tab; the others are reached with the arrow keys. */
  keyboardRow: boolean;
  selected: boolean;
  sample: VoiceSampleState['phase'] | null;
  language: string | null;
  onLanguageChange: (voice: Voice, language: string) => void;
  onToggleSample: (voice: Voice, url: string) => void;
  onSelect: (voice: Voice, language: string | null) => void;
  onFocusRow: (index: number) => void;
}

/** Memoised: as the list scrolls, only the rows coming into view render. */
const VoiceRow = memo(function VoiceRow({
  index,
  count,
  start,
  measure,
  voice,
  keyboardRow,
  selected,
  sample,
  language,
  onLanguageChange,
  onToggleSample,
  onSelect,
  onFocusRow,
}: VoiceRowProps) {
  const url = samplePreviewUrl(voice, language);
  const tabIndex = keyboardRow ? 0 : -1;
  const id = useId();
  const described = [`${id}-kind`, `${id}-details`, voice.license_note ? `${id}-note` : null].filter(Boolean).join(' ');
  return (
    <li
      ref={measure}
      data-index={index}
      aria-posinset={index + 1}
      aria-setsize={count}
      className={`absolute inset-x-0 top-0 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-2 border-b border-line py-3 pr-5 pl-4 sm:flex ${selected ? 'border-l-4 border-l-accent bg-accent-soft' : 'border-l-4 border-l-transparent hover:bg-surface'}`}
      style={{ transform: `translateY(${start}px)` }}
      onFocus={() => onFocusRow(index)}
    >
      <button
        type="button"
        tabIndex={tabIndex}
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center self-start rounded-full border border-line bg-white text-accent hover:border-accent disabled:opacity-40 sm:self-center"
        aria-label={sample ? `Stop preview of ${voice.name}` : `Play preview of ${voice.name}`}
        aria-busy={sample === 'loading'}
        title={url ? undefined : 'No sample for this voice'}
        disabled={!url}
        onClick={() => url && onToggleSample(voice, url)}
      >
        {sample === 'loading' ? (
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
        ) : sample === 'playing' ? (
          <Pause aria-hidden className="h-4 w-4" />
        ) : (
          <Play aria-hidden className="h-4 w-4" />
        )}
      </button>
      <div className="relative min-w-0 flex-1">
        <div className="flex max-w-full items-center gap-2">
          {/* The button's after-box covers the whole column, so a click anywhere on the voice chooses it. */}
          <button
            type="button"
            data-voice-choice
            data-testid="voice-name"
            tabIndex={tabIndex}
            aria-pressed={selected}
            aria-describedby={described}
            className="min-w-0 truncate rounded-control text-left font-semibold text-ink after:absolute after:inset-0 after:rounded-control after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-accent"
            onClick={() => onSelect(voice, language)}
          >
            {voice.name}
          </button>
          {selected && <Check aria-hidden className="h-4 w-4 shrink-0 text-accent" />}
          <span
            id={`${id}-kind`}
            className="shrink-0 rounded-full bg-surface px-2 py-0.5 text-xs font-medium text-muted ring-1 ring-line"
          >
            {KIND_LABELS[voice.kind]}
          </span>
        </div>
        <p id={`${id}-details`} data-testid="voice-details" className="max-w-full truncate text-sm text-muted">
          {[voice.locale || voice.language, voice.accent, voice.gender].filter(Boolean).join(' · ')}
        </p>
        {voice.license_note && (
          <p id={`${id}-note`} className="mt-1 flex items-start gap-1.5 text-xs text-danger">
            <Scale aria-hidden className="mt-px h-3.5 w-3.5 shrink-0" />
            <span>
              <span className="font-semibold">Not for commercial use.</span> {voice.license_note}
            </span>
          </p>
        )}
      </div>
      {voice.verified_languages.length > 1 && (
        <select
          tabIndex={tabIndex}
          aria-label={`Language for ${voice.name}`}
          className="col-start-2 justify-self-start rounded-control border border-line bg-white px-2 py-1 text-sm sm:max-w-[45%] sm:shrink-0"
          value={language ?? voice.locale}
          onChange={(event) => onLanguageChange(voice, event.target.value)}
        >
          {voice.verified_languages.map((option) => (
            <option key={`${option.language}-${option.locale}`} value={option.locale ?? option.language}>
              {option.accent || option.language}
              {option.locale ? ` (${option.locale})` : ''}
            </option>
          ))}
        </select>
      )}
    </li>
  );
});

/** A voice's sample in the language it will speak: that language's own sample where it has one. */
export function samplePreviewUrl(voice: Voice, language: string | null): string | null {
  if (language) {
    const match = voice.verified_languages.find((option) => (option.locale ?? option.language) === language);
    if (match?.preview_url) return match.preview_url;
  }
  return voice.preview_url;
}
