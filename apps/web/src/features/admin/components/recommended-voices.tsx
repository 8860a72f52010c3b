import type { CatalogueModel, RecommendedSet } from '@sayso/contract/models';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CircleAlert, Sparkles } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { installRecommended, recommendedQuery } from '../api/admin-models';
import { formatBytes } from '../lib/bytes';
import { defaultLanguages, languageName } from '../lib/install-progress';
import { Spinner } from './spinner';
import { buttonStyles, cardStyle } from './styles';

interface RecommendedVoicesProps {
  catalogue: CatalogueModel[];
  onStarted: (set: RecommendedSet) => void;
}

/**
 * One click to natural voices: staff tick the languages their users speak, see the set that
 * covers them (Kokoro where it speaks them, a Piper voice for the others, the denoiser), and may
 * add Pocket TTS for cloning once they have read its licence and the consent it needs.
 */
export function RecommendedVoices({ catalogue, onStarted }: RecommendedVoicesProps) {
  const titleId = useId();
  const consentId = useId();
  const offered = useMemo(
    () =>
      [...new Set(catalogue.flatMap((model) => model.languages))].sort((a, b) =>
        languageName(a).localeCompare(languageName(b)),
      ),
    [catalogue],
  );
  const [languages, setLanguages] = useState<string[]>(() =>
    defaultLanguages(offered, typeof navigator === 'undefined' ? undefined : navigator.language),
  );
  const [cloning, setCloning] = useState(false);
  const cloner = catalogue.find((model) => model.family === 'pocket');
  const preview = useQuery({ ...recommendedQuery(languages, cloning), enabled: languages.length > 0 });
  const install = useMutation({ mutationFn: () => installRecommended(languages, cloning), onSuccess: onStarted });

  const toggle = (code: string, on: boolean) =>
    setLanguages((current) => (on ? [...current, code] : current.filter((language) => language !== code)));
  const missing = preview.data?.models.filter((model) => !model.installed) ?? [];
  const missingBytes = missing.reduce((total, model) => total + model.sizeBytes, 0);

  return (
    <section aria-labelledby={titleId} className={`p-4 sm:p-6 ${cardStyle}`}>
      <div className="flex items-start gap-3">
        <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-strong">
          <Sparkles aria-hidden className="h-5 w-5" />
        </span>
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold">
            Recommended voices
          </h2>
          <p className="mt-1 text-sm text-muted">
            Natural voices for the languages your users speak, installed on this server with one click. The server
            downloads them and starts speaking with them as each one finishes; no restart.
          </p>
        </div>
      </div>

      <fieldset className="mt-4">
        <legend className="text-sm font-medium text-ink">Languages</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          {offered.map((code) => (
            <label
              key={code}
              className="inline-flex cursor-pointer items-center gap-2 rounded-control border border-line bg-white px-3 py-1.5 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-accent"
                checked={languages.includes(code)}
                onChange={(event) => toggle(code, event.target.checked)}
              />
              {languageName(code)}
            </label>
          ))}
        </div>
      </fieldset>

      {cloner ? (
        <div className="mt-4 rounded-control border border-line bg-surface p-3 text-sm">
          <label className="flex items-start gap-2">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 shrink-0 accent-accent"
              checked={cloning}
              aria-describedby={consentId}
              onChange={(event) => setCloning(event.target.checked)}
            />
            <span>
              Also install <strong>{cloner.title}</strong> for voice cloning
            </span>
          </label>
          <div id={consentId} className="mt-2 pl-6 text-xs text-muted">
            <p>
              Licence: {cloner.license}
              {cloner.commercialUse === false
                ? ' (commercial use not allowed)'
                : cloner.commercialUse === null
                  ? ' (check before commercial use)'
                  : ''}
              .{cloner.licenseNote ? ` ${cloner.licenseNote}` : ''}
            </p>
            <p className="mt-1">
              Ticking this confirms you have read the licence, and that voices will be cloned only with the consent of
              the person who speaks the sample.
            </p>
          </div>
        </div>
      ) : null}

      <div className="mt-4" aria-live="polite">
        {languages.length === 0 ? (
          <p className="text-sm text-muted">Tick at least one language.</p>
        ) : preview.data ? (
          <RecommendedList set={preview.data} />
        ) : preview.isError ? (
          <p className="text-sm text-danger">{preview.error.message}</p>
        ) : (
          <p className="text-sm text-muted">Working out the set…</p>
        )}
      </div>

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center">
        <button
          type="button"
          className={buttonStyles.primary}
          disabled={install.isPending || languages.length === 0 || missing.length === 0}
          aria-busy={install.isPending}
          onClick={() => install.mutate()}
        >
          {install.isPending ? <Spinner /> : <Sparkles aria-hidden className="h-4 w-4" />}
          Install recommended voices
        </button>
        <span className="text-sm text-muted">
          {missing.length > 0
            ? `${missing.length === 1 ? '1 model' : `${missing.length} models`}, about ${formatBytes(missingBytes)} to download`
            : preview.data && languages.length > 0
              ? 'Everything in this set is installed.'
              : ''}
        </span>
      </div>
      {install.isError ? (
        <p role="alert" className="mt-2 flex items-start gap-2 text-sm text-danger">
          <CircleAlert aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          {install.error.message}
        </p>
      ) : null}
    </section>
  );
}

function RecommendedList({ set }: { set: RecommendedSet }) {
  // The denoiser's and the cloner's titles already say what they are for; voices say which languages they cover.
  const purpose = (covers: string[]) =>
    covers.includes('denoiser') || covers.includes('cloning') ? null : covers.map(languageName).join(', ');
  return (
    <>
      <ul className="divide-y divide-line rounded-control border border-line">
        {set.models.map((model) => (
          <li
            key={model.name}
            className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm"
          >
            <span className="min-w-0">
              <span className="font-medium text-ink">{model.title}</span>
              {purpose(model.covers) ? <span className="text-muted"> · {purpose(model.covers)}</span> : null}
            </span>
            <span className="text-xs whitespace-nowrap text-muted tabular-nums">
              {model.installed ? 'Installed' : `~${formatBytes(model.sizeBytes)}`}
            </span>
          </li>
        ))}
      </ul>
      {set.uncovered.length > 0 ? (
        <p className="mt-2 text-sm text-muted">
          No catalogue voice speaks {set.uncovered.map(languageName).join(', ')}; eSpeak NG keeps speaking{' '}
          {set.uncovered.length === 1 ? 'it' : 'them'}.
        </p>
      ) : null}
    </>
  );
}
