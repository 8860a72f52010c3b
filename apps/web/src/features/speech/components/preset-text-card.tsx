import { useId } from 'react';
import { studioCardStyle } from '@/components/ui/card-styles';
import { GenerateButton } from '@/components/ui/generate-button';
import { MAX_TEXT_LENGTH } from '@sayso/contract/speech';
import { chargedCharacters } from '@/lib/account/credits';
import { formatCredits } from '@/lib/format';
import { textOverLimit } from '../hooks/use-preset-generation';

/** Above this many characters the studio warns that generating will take a while. */
const WARN_ABOVE = 5_000;

interface PresetTextCardProps {
  text: string;
  onTextChange: (text: string) => void;
  generating: boolean;
  /** Why Generate Voice cannot be pressed yet ("Choose a voice first"), or null when it can. */
  generateBlocker: string | null;
  onGenerate: () => void;
  error: string | null;
  /** The voice that will speak, named under Generate: on a phone the voice settings are far below. */
  voiceName: string | null;
  onChangeVoice: () => void;
}

/** /dashboard2's text box, its character count and the Generate Voice button, with the last error under it. */
export function PresetTextCard({
  text,
  onTextChange,
  generating,
  generateBlocker,
  onGenerate,
  error,
  voiceName,
  onChangeVoice,
}: PresetTextCardProps) {
  const id = useId();
  const overLimit = textOverLimit(text);
  return (
    <div className={studioCardStyle}>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Your text
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        placeholder={`Type or paste your text here, up to ${formatCredits(MAX_TEXT_LENGTH)} characters: long texts are read in full.`}
        rows={12}
        className="mt-2 block w-full resize-y rounded-control border border-line bg-white p-4 text-base leading-relaxed text-ink shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30"
      />
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm text-muted">
        {/* The count is what Generate will charge: the server prices the trimmed text, so spaces alone count for nothing. */}
        {/* The limit is shown before Generate, so a long text is never refused only after pressing it. */}
        <span data-testid="character-count" className={overLimit ? 'font-semibold text-danger' : undefined}>
          {formatCredits(chargedCharacters(text))} / {formatCredits(MAX_TEXT_LENGTH)} characters
        </span>
        {text.length > WARN_ABOVE && <span className="text-amber-700">Long text: generation will take a while.</span>}
      </div>
      <GenerateButton blocker={generateBlocker} generating={generating} onGenerate={onGenerate} />
      {voiceName && (
        <p className="mt-3 text-sm text-muted">
          Speaking with <span className="font-semibold text-ink">{voiceName}</span>
          {' · '}
          <button type="button" onClick={onChangeVoice} className="font-semibold text-accent hover:underline">
            Change voice
          </button>
        </p>
      )}
      {error !== null && (
        <p
          role="alert"
          className="mt-4 rounded-control border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger"
        >
          {error}
        </p>
      )}
    </div>
  );
}
