import type { PronunciationRuleInput } from '@sayso/contract/pronunciation';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';

type Kind = 'alias' | 'ipa' | 'cmu-arpabet';

const KINDS: { value: Kind; label: string; placeholder: string }[] = [
  { value: 'alias', label: 'Say it as words (alias)', placeholder: 'as soon as possible' },
  { value: 'ipa', label: 'Phonemes in IPA', placeholder: 'təˈmɑːtoʊ' },
  { value: 'cmu-arpabet', label: 'Phonemes in CMU Arpabet', placeholder: 'T AH0 M AA1 T OW2' },
];

const inputStyle = 'mt-1 w-full rounded-control border border-line bg-card px-3 py-2 text-sm';

/** One new rule: the text to find and how to say it, with its matching options. */
export function RuleForm({
  onAdd,
  busy,
}: {
  onAdd: (rule: PronunciationRuleInput) => Promise<boolean>;
  busy: boolean;
}) {
  const ids = useId();
  const [kind, setKind] = useState<Kind>('alias');
  const [text, setText] = useState('');
  const [sayAs, setSayAs] = useState('');
  const [fallback, setFallback] = useState('');
  const [caseSensitive, setCaseSensitive] = useState(true);
  const [wholeWord, setWholeWord] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return setProblem('Enter the text to find.');
    if (!sayAs.trim()) return setProblem(kind === 'alias' ? 'Enter what to say instead.' : 'Enter the phonemes.');
    setProblem(null);
    const matching = { string_to_replace: text.trim(), case_sensitive: caseSensitive, word_boundaries: wholeWord };
    const rule: PronunciationRuleInput =
      kind === 'alias'
        ? { type: 'alias', ...matching, alias: sayAs.trim() }
        : { type: 'phoneme', ...matching, phoneme: sayAs.trim(), alphabet: kind, alias: fallback.trim() || null };
    if (await onAdd(rule)) {
      setText('');
      setSayAs('');
      setFallback('');
    }
  }

  const chosen = KINDS.find((option) => option.value === kind) ?? KINDS[0];
  return (
    <form onSubmit={submit} className="mt-4 space-y-3 rounded-control bg-surface p-3" aria-label="Add a rule">
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${ids}-text`} className="text-sm font-medium text-ink">
            Text
          </label>
          <input
            id={`${ids}-text`}
            value={text}
            maxLength={200}
            onChange={(event) => setText(event.target.value)}
            className={inputStyle}
            placeholder="ASAP"
          />
        </div>
        <div>
          <label htmlFor={`${ids}-kind`} className="text-sm font-medium text-ink">
            Say it
          </label>
          <select
            id={`${ids}-kind`}
            value={kind}
            onChange={(event) => setKind(event.target.value as Kind)}
            className={inputStyle}
          >
            {KINDS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-say`} className="text-sm font-medium text-ink">
            {kind === 'alias' ? 'Words to say' : 'Phonemes'}
          </label>
          <input
            id={`${ids}-say`}
            value={sayAs}
            maxLength={kind === 'alias' ? 500 : 200}
            onChange={(event) => setSayAs(event.target.value)}
            className={inputStyle}
            placeholder={chosen?.placeholder}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="accent-accent"
            checked={caseSensitive}
            onChange={(event) => setCaseSensitive(event.target.checked)}
          />
          Match case
        </label>
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            className="accent-accent"
            checked={wholeWord}
            onChange={(event) => setWholeWord(event.target.checked)}
          />
          Whole words only
        </label>
        <button type="submit" className={`${buttonStyles.soft} ml-auto`} disabled={busy}>
          {busy ? 'Saving…' : 'Add rule'}
        </button>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-danger">
          {problem}
        </p>
      ) : null}
      {kind !== 'alias' ? (
        <div>
          <label htmlFor={`${ids}-fallback`} className="text-sm font-medium text-ink">
            Words for other voices <span className="font-normal text-muted">(optional)</span>
          </label>
          <input
            id={`${ids}-fallback`}
            value={fallback}
            maxLength={500}
            onChange={(event) => setFallback(event.target.value)}
            className={inputStyle}
            aria-describedby={`${ids}-fallback-hint`}
          />
          <p id={`${ids}-fallback-hint`} className="mt-1 text-xs text-muted">
            Only the offline eSpeak voices speak phonemes; other voices say these words, or the text as written.
          </p>
        </div>
      ) : null}
    </form>
  );
}
