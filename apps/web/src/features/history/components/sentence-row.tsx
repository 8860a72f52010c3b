import type { TimelineSentence } from '@sayso/contract/history';
import { Check, LoaderCircle, RefreshCw, Shuffle } from 'lucide-react';
import { useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { creditCost } from '@/lib/account/credits';
import { formatClock, formatCredits } from '@/lib/format';
import { useChooseTake, useRegenerateSentence } from '../api/timeline';
import { ClipButton } from './clip-button';

const smallButton =
  'inline-flex items-center gap-1.5 rounded-control border border-line bg-card px-3 py-1.5 text-sm font-semibold text-ink transition-colors hover:border-accent hover:text-accent disabled:cursor-not-allowed disabled:opacity-60';

const credits = (count: number) => `${formatCredits(count)} ${count === 1 ? 'credit' : 'credits'}`;

interface SentenceRowProps {
  generationId: string;
  sentence: TimelineSentence;
  /** The engine takes a seed: "Another take" of the same text can sound different. */
  seeds: boolean;
  /** Another sentence is being regenerated: this one waits. */
  locked: boolean;
}

/** One sentence of the timeline: where it starts, play it, regenerate it, and pick among its takes. */
export function SentenceRow({ generationId, sentence, seeds, locked }: SentenceRowProps) {
  const number = sentence.position + 1;
  const editorId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(sentence.text);
  const regenerate = useRegenerateSentence(generationId);
  const choose = useChooseTake(generationId);
  const chosen = sentence.takes.find((take) => take.chosen) ?? sentence.takes.at(-1);
  const busy = regenerate.isPending || choose.isPending;
  const disabled = locked || busy;
  const draftCost = creditCost(draft);
  // The same words sent back are no edit: a new seed where the engine takes one; elsewhere the
  // same audio again, so it is not offered (the server refuses it too, and charges nothing).
  const unchanged = draft.trim() === sentence.text.trim();
  const sameAudio = unchanged && !seeds;
  const unchangedHintId = `${editorId}-unchanged`;
  const problem = regenerate.error?.message || choose.error?.message || null;

  function submit(text?: string) {
    regenerate.mutate(
      { position: sentence.position, text },
      {
        onSuccess: () => {
          setEditing(false);
        },
      },
    );
  }

  return (
    <li
      data-testid="timeline-sentence"
      aria-label={`Sentence ${number}`}
      aria-busy={busy}
      className="rounded-card border border-line bg-card p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start gap-3">
        {chosen ? <ClipButton src={chosen.audio_url} label={`sentence ${number}`} testId="sentence-audio" /> : null}
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-baseline gap-x-3 text-xs font-semibold text-muted">
            <span>Sentence {number}</span>
            <span data-testid="sentence-start" className="font-mono tabular-nums text-accent-strong">
              {formatClock(sentence.start_ms)}
            </span>
          </p>
          <p data-testid="sentence-text" className="mt-1 text-base leading-relaxed text-ink [overflow-wrap:anywhere]">
            {sentence.text}
          </p>
        </div>
      </div>

      {editing ? (
        <form
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (sameAudio) return;
            submit(unchanged ? undefined : draft);
          }}
        >
          <label htmlFor={editorId} className="text-sm font-medium text-ink">
            Text of sentence {number}
          </label>
          <textarea
            id={editorId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            rows={3}
            disabled={busy}
            aria-describedby={sameAudio ? unchangedHintId : undefined}
            className="block w-full resize-y rounded-control border border-line bg-white p-3 text-base leading-relaxed text-ink focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30 disabled:bg-surface"
          />
          {sameAudio ? (
            <p id={unchangedHintId} data-testid="unchanged-sentence" className="text-sm text-muted">
              This voice says the same words the same way every time: edit them to regenerate the sentence.
            </p>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <button
              type="submit"
              disabled={disabled || !draft.trim() || sameAudio}
              aria-busy={regenerate.isPending}
              className={buttonStyles.primary}
            >
              {regenerate.isPending ? <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" /> : null}
              {regenerate.isPending
                ? 'Regenerating…'
                : unchanged && seeds
                  ? `Another take (${credits(draftCost)})`
                  : `Regenerate (${credits(draftCost)})`}
            </button>
            <button
              type="button"
              onClick={() => {
                setEditing(false);
                setDraft(sentence.text);
                regenerate.reset();
              }}
              disabled={busy}
              className={buttonStyles.secondary}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => {
              setDraft(sentence.text);
              regenerate.reset();
              setEditing(true);
            }}
            disabled={disabled}
            aria-label={`Regenerate sentence ${number}`}
            className={smallButton}
          >
            <RefreshCw aria-hidden className="h-4 w-4" />
            Regenerate
          </button>
          {seeds ? (
            <button
              type="button"
              onClick={() => submit(undefined)}
              disabled={disabled}
              aria-busy={regenerate.isPending}
              aria-label={`Another take (${credits(creditCost(sentence.text))}) of sentence ${number}`}
              className={smallButton}
            >
              {regenerate.isPending ? (
                <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
              ) : (
                <Shuffle aria-hidden className="h-4 w-4" />
              )}
              Another take ({credits(creditCost(sentence.text))})
            </button>
          ) : null}
        </div>
      )}

      {regenerate.isPending ? (
        <div role="status" className="mt-3">
          <p className="text-sm text-muted">Rendering sentence {number}… this can take a few seconds.</p>
          <div aria-hidden className="mt-2 h-1.5 overflow-hidden rounded-full bg-accent-soft">
            <div className="h-full w-1/3 animate-pulse rounded-full bg-accent" />
          </div>
        </div>
      ) : null}
      {problem ? (
        <p
          role="alert"
          className="mt-3 rounded-control border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          {problem}
        </p>
      ) : null}

      {sentence.takes.length > 1 ? (
        <div className="mt-4 border-t border-line pt-3">
          <p className="text-sm font-semibold text-ink">Takes</p>
          <ol aria-label={`Takes of sentence ${number}`} className="mt-2 space-y-2">
            {sentence.takes.map((take, index) => (
              <li
                key={take.id}
                data-testid="sentence-take"
                className={`flex flex-wrap items-center gap-3 rounded-control border px-3 py-2 ${take.chosen ? 'border-accent/40 bg-accent-soft/60' : 'border-line'}`}
              >
                <ClipButton src={take.audio_url} label={`take ${index + 1} of sentence ${number}`} />
                {/* At least 12rem for the words: on a phone the button moves under them instead of squeezing them. */}
                <div className="min-w-0 flex-1 basis-48">
                  <p className="text-sm text-ink [overflow-wrap:anywhere]">{take.text}</p>
                  <p className="text-xs text-muted">
                    Take {index + 1} · {(take.duration_ms / 1000).toFixed(1)} s
                    {take.seed !== null ? ` · seed ${take.seed}` : ''}
                  </p>
                </div>
                {take.chosen ? (
                  <span className="inline-flex items-center gap-1 text-sm font-semibold text-accent-strong">
                    <Check aria-hidden className="h-4 w-4" />
                    In use
                  </span>
                ) : (
                  <button
                    type="button"
                    onClick={() => choose.mutate(take.id)}
                    disabled={disabled}
                    aria-busy={choose.isPending && choose.variables === take.id}
                    aria-label={`Use this take (take ${index + 1} of sentence ${number})`}
                    className={smallButton}
                  >
                    {choose.isPending && choose.variables === take.id ? (
                      <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" />
                    ) : null}
                    Use this take
                  </button>
                )}
              </li>
            ))}
          </ol>
          <p className="mt-2 text-xs text-muted">
            Choosing a take puts it in the MP3 and subtitles and discards the others.
          </p>
        </div>
      ) : null}
    </li>
  );
}
