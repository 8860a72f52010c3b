import type { PronunciationDictionary, PronunciationRuleInput } from '@sayso/contract/pronunciation';
import { Download, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { studioCardStyle } from '@/components/ui/card-styles';
import { InlineMessage } from '@/components/ui/inline-message';
import { plsDownloadUrl, useDeleteDictionary, useReplaceRules } from '../api/dictionaries';
import { HearRuleButton } from './hear-rule-button';
import { RuleForm } from './rule-form';

type Rule = PronunciationDictionary['rules'][number];

function sayAs(rule: Rule): string {
  if (rule.type === 'alias') return rule.alias;
  const phonemes = `/${rule.phoneme}/ (${rule.alphabet === 'ipa' ? 'IPA' : 'CMU'})`;
  return rule.alias ? `${phonemes}, otherwise “${rule.alias}”` : phonemes;
}

function options(rule: Rule): string {
  const parts = [
    rule.case_sensitive ? 'match case' : 'any case',
    rule.word_boundaries ? 'whole words' : 'inside words',
  ];
  return parts.join(' · ');
}

/** One dictionary: its rules (each with "Hear it" and Remove), a form for a new rule, export and delete. */
export function DictionaryCard({ dictionary }: { dictionary: PronunciationDictionary }) {
  const ids = useId();
  const replace = useReplaceRules();
  const remove = useDeleteDictionary();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function saveRules(rules: PronunciationRuleInput[]): Promise<boolean> {
    setProblem(null);
    try {
      await replace.mutateAsync({ dictionaryId: dictionary.id, rules });
      return true;
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  return (
    <article aria-labelledby={`${ids}-name`} className={studioCardStyle} data-testid="pronunciation-dictionary">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`${ids}-name`} className="break-words text-lg font-semibold text-ink">
            {dictionary.name}
          </h3>
          <p className="text-sm text-muted">
            {dictionary.rules.length === 1 ? '1 rule' : `${dictionary.rules.length} rules`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a
            href={plsDownloadUrl(dictionary.id)}
            download
            className="inline-flex items-center gap-1 rounded-control border border-line bg-card px-3 py-1.5 text-sm font-medium text-ink hover:border-accent hover:text-accent"
          >
            <Download aria-hidden className="h-4 w-4" /> Export PLS
          </a>
          {confirming ? (
            <span className="inline-flex items-center gap-2 text-sm">
              Delete this dictionary?
              <button
                type="button"
                className="rounded-control bg-danger px-3 py-1.5 font-semibold text-white disabled:opacity-60"
                disabled={remove.isPending}
                onClick={() => remove.mutate(dictionary.id)}
              >
                {remove.isPending ? 'Deleting…' : 'Delete'}
              </button>
              <button
                type="button"
                className="px-2 py-1.5 text-muted hover:text-ink"
                onClick={() => setConfirming(false)}
              >
                Keep
              </button>
            </span>
          ) : (
            <button
              type="button"
              aria-label={`Delete ${dictionary.name}`}
              onClick={() => setConfirming(true)}
              className="inline-flex items-center gap-1 rounded-control border border-line bg-card px-3 py-1.5 text-sm font-medium text-ink hover:border-danger hover:text-danger"
            >
              <Trash2 aria-hidden className="h-4 w-4" /> Delete
            </button>
          )}
        </div>
      </header>

      {dictionary.rules.length === 0 ? (
        <p className="mt-4 text-sm text-muted">No rules yet. Add the first one below.</p>
      ) : (
        <ul className="mt-4 divide-y divide-line" aria-label={`Rules of ${dictionary.name}`}>
          {dictionary.rules.map((rule, index) => (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id of their own; a rule is its place in the version.
              key={`${rule.string_to_replace}-${index}`}
              className="flex flex-wrap items-center justify-between gap-3 py-3"
            >
              <div className="min-w-0">
                <p className="break-words text-sm text-ink">
                  <span className="font-semibold">{rule.string_to_replace}</span>
                  <span aria-hidden className="px-2 text-muted">
                    →
                  </span>
                  <span className="sr-only"> is said as </span>
                  <span>{sayAs(rule)}</span>
                </p>
                <p className="text-xs text-muted">{options(rule)}</p>
              </div>
              <div className="flex items-start gap-2">
                <HearRuleButton text={rule.string_to_replace} dictionaryId={dictionary.id} />
                <button
                  type="button"
                  aria-label={`Remove the rule for ${rule.string_to_replace}`}
                  disabled={replace.isPending}
                  onClick={() => void saveRules(dictionary.rules.filter((_, at) => at !== index))}
                  className="rounded-control px-2 py-1.5 text-sm text-muted hover:text-danger disabled:opacity-60"
                >
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <RuleForm busy={replace.isPending} onAdd={(rule) => saveRules([...dictionary.rules, rule])} />
      {problem ? (
        <div className="mt-3">
          <InlineMessage tone="error" messageKey={problem}>
            {problem}
          </InlineMessage>
        </div>
      ) : null}
    </article>
  );
}
