import { useId } from 'react';
import { studioCardStyle } from '@/components/ui/card-styles';
import { GenerateButton } from '@/components/ui/generate-button';
import type { SelectedVoice } from '../hooks/use-saved-voices';
import { MAX_CLONE_TEXT } from '../lib/generate-checks';
import { CloneStudioError } from './clone-studio-error';

interface GenerateCardProps {
  text: string;
  onTextChange: (text: string) => void;
  generating: boolean;
  /** Why Generate cannot be pressed yet, shown beside it; null when it can. */
  generateBlocker: string | null;
  onGenerate: () => void;
  selected: SelectedVoice | null;
  /** Why the last Generate did not go through, shown under the button that was pressed. */
  problem: string | null;
  /** Whether that problem is a corrupted voice, for which the card lists what to do. */
  problemNeedsNewVoice?: boolean;
}

/** /dashboard3's text box with its 5,000-character count, Generate Voice, the voice that will speak, and why a Generate failed. */
export function GenerateCard({
  text,
  onTextChange,
  generating,
  generateBlocker,
  onGenerate,
  selected,
  problem,
  problemNeedsNewVoice = false,
}: GenerateCardProps) {
  const id = useId();
  return (
    <div className={studioCardStyle}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Text to speak
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        placeholder="Type what your cloned voice should say."
        rows={10}
        className="mt-2 block w-full resize-y rounded-control border border-line bg-white p-4 text-base leading-relaxed text-ink shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
      />
      <p
        data-testid="clone-character-count"
        className={`mt-2 text-sm ${text.length > MAX_CLONE_TEXT ? 'text-danger' : 'text-muted'}`}
      >
        {text.length} / {MAX_CLONE_TEXT} characters
      </p>
      <GenerateButton blocker={generateBlocker} generating={generating} onGenerate={onGenerate} />
      {selected ? (
        <p className="mt-3 text-sm text-muted">
          Speaking with <span className="font-semibold text-ink">{selected.name}</span>
        </p>
      ) : (
        <p className="mt-3 text-sm text-muted">Create a voice or pick one of your saved voices to begin.</p>
      )}
      {problem && (
        <div className="mt-4">
          <CloneStudioError message={problem} remedies={problemNeedsNewVoice} />
        </div>
      )}
    </div>
  );
}
