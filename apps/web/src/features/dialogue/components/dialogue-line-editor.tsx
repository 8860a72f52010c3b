import type { Voice } from '@sayso/contract/speech';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { type DraftLine, moveLine } from '../lib/dialogue-lines';

const fieldStyle =
  'mt-1 w-full rounded-control border border-line bg-card px-3 py-2 text-sm text-ink disabled:cursor-not-allowed disabled:opacity-60';
const iconButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-control border border-line bg-card text-ink hover:border-accent hover:text-accent disabled:cursor-not-allowed disabled:opacity-40';

/** Lines at most: the server's limit, well past what a page of dialogue needs. */
export const MAX_LINES = 100;

interface DialogueLineEditorProps {
  lines: DraftLine[];
  onChange: (lines: DraftLine[]) => void;
  voices: Voice[];
  voicesLoading: boolean;
  disabled: boolean;
  onAdd: () => void;
}

/** The dialogue's lines, each with a speaker's name, a voice and its text; lines are added, removed and moved. */
export function DialogueLineEditor({
  lines,
  onChange,
  voices,
  voicesLoading,
  disabled,
  onAdd,
}: DialogueLineEditorProps) {
  const ids = useId();
  const update = (index: number, change: Partial<DraftLine>) =>
    onChange(lines.map((line, at) => (at === index ? { ...line, ...change } : line)));

  return (
    <div className="space-y-4">
      {lines.length === 0 ? (
        <p className="rounded-control border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
          No lines yet. Add one for each thing a speaker says.
        </p>
      ) : (
        <ol className="space-y-4" aria-label="Dialogue lines">
          {lines.map((line, index) => {
            const id = `${ids}-${line.key}`;
            const number = index + 1;
            return (
              <li key={line.key} className="rounded-control border border-line p-3 sm:p-4">
                <fieldset disabled={disabled} className="min-w-0">
                  <legend className="text-sm font-semibold text-ink">Line {number}</legend>
                  <div className="mt-2 grid gap-3 sm:grid-cols-2">
                    <div>
                      <label htmlFor={`${id}-speaker`} className="text-sm font-medium text-ink">
                        Speaker
                      </label>
                      <input
                        id={`${id}-speaker`}
                        value={line.speaker}
                        maxLength={60}
                        onChange={(event) => update(index, { speaker: event.target.value })}
                        className={fieldStyle}
                      />
                    </div>
                    <div>
                      <label htmlFor={`${id}-voice`} className="text-sm font-medium text-ink">
                        Voice
                      </label>
                      <select
                        id={`${id}-voice`}
                        value={line.voiceId}
                        onChange={(event) => update(index, { voiceId: event.target.value })}
                        className={fieldStyle}
                      >
                        <option value="">{voicesLoading ? 'Loading voices…' : 'Choose a voice'}</option>
                        {voices.map((voice) => (
                          <option key={voice.voice_id} value={voice.voice_id}>
                            {voice.name} ({voice.locale || voice.language})
                          </option>
                        ))}
                      </select>
                    </div>
                  </div>
                  <label htmlFor={`${id}-text`} className="mt-3 block text-sm font-medium text-ink">
                    Text
                  </label>
                  <textarea
                    id={`${id}-text`}
                    value={line.text}
                    rows={2}
                    onChange={(event) => update(index, { text: event.target.value })}
                    className={fieldStyle}
                  />
                  <div className="mt-3 flex gap-2">
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Move line ${number} up`}
                      disabled={index === 0}
                      onClick={() => onChange(moveLine(lines, index, -1))}
                    >
                      <ArrowUp aria-hidden className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      aria-label={`Move line ${number} down`}
                      disabled={index === lines.length - 1}
                      onClick={() => onChange(moveLine(lines, index, 1))}
                    >
                      <ArrowDown aria-hidden className="h-4 w-4" />
                    </button>
                    <button
                      type="button"
                      className={`${iconButton} ml-auto`}
                      aria-label={`Remove line ${number}`}
                      onClick={() => onChange(lines.filter((_, at) => at !== index))}
                    >
                      <Trash2 aria-hidden className="h-4 w-4" />
                    </button>
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      )}
      <button
        type="button"
        className={buttonStyles.secondary}
        onClick={onAdd}
        disabled={disabled || lines.length >= MAX_LINES}
      >
        <Plus aria-hidden className="h-4 w-4" /> Add line
      </button>
    </div>
  );
}
