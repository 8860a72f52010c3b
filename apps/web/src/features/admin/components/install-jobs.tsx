import { type CatalogueModel, type InstallJob, isActiveInstall } from '@sayso/contract/models';
import { CircleAlert, Download, RotateCcw, X } from 'lucide-react';
import { describeJob } from '../lib/install-progress';
import { ModelId } from './model-id';
import { buttonStyles, cardStyle } from './styles';

interface InstallJobsProps {
  jobs: InstallJob[];
  catalogue: CatalogueModel[];
  /** Names whose cancel, retry or dismiss request is on its way. */
  pending: ReadonlySet<string>;
  onCancel: (name: string) => void;
  onRetry: (name: string) => void;
  onDismiss: (name: string) => void;
}

/**
 * The server's installs by name, live: progress while downloading, the step after it, and a
 * failure's reason with a Retry. Finished installs leave this card (the tables show them).
 */
export function InstallJobs({ jobs, catalogue, pending, onCancel, onRetry, onDismiss }: InstallJobsProps) {
  const shown = jobs.filter((job) => job.state !== 'installed');
  if (shown.length === 0) return null;
  const titles = new Map(catalogue.map((model) => [model.name, model.title]));
  const active = shown.filter(isActiveInstall).length;
  return (
    <section aria-labelledby="install-jobs-title" className={`overflow-hidden ${cardStyle}`}>
      <div className="border-b border-line p-4 sm:p-6">
        <h2 id="install-jobs-title" className="text-lg font-semibold">
          Installs
        </h2>
        <p className="mt-1 text-sm text-muted">
          {active > 0
            ? 'Downloading on the server, one model at a time. You can leave this page; the installs carry on.'
            : 'Nothing is installing now.'}
        </p>
      </div>
      <ul className="divide-y divide-line">
        {shown.map((job) => (
          <JobRow
            key={job.name}
            job={job}
            title={titles.get(job.name) ?? job.name}
            busy={pending.has(job.name)}
            onCancel={onCancel}
            onRetry={onRetry}
            onDismiss={onDismiss}
          />
        ))}
      </ul>
    </section>
  );
}

function JobRow({
  job,
  title,
  busy,
  onCancel,
  onRetry,
  onDismiss,
}: {
  job: InstallJob;
  title: string;
  busy: boolean;
  onCancel: (name: string) => void;
  onRetry: (name: string) => void;
  onDismiss: (name: string) => void;
}) {
  const active = isActiveInstall(job);
  const failed = job.state === 'failed';
  const text = describeJob(job);
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-6 sm:px-6">
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          {failed ? (
            <CircleAlert aria-hidden className="h-4 w-4 shrink-0 text-danger" />
          ) : (
            <Download aria-hidden className="h-4 w-4 shrink-0 text-accent-strong" />
          )}
          <span className="font-medium text-ink">{title}</span>
        </div>
        <ModelId name={job.name} className="mt-0.5 text-xs text-muted" />
        {active ? <JobProgress job={job} text={text} /> : null}
        {failed ? (
          <p role="alert" className="mt-2 text-sm text-danger">
            {text}
          </p>
        ) : null}
        {job.state === 'cancelled' ? <p className="mt-2 text-sm text-muted">{text}</p> : null}
      </div>
      <div className="flex shrink-0 gap-2">
        {active ? (
          <button
            type="button"
            className={buttonStyles.smallSecondary}
            disabled={busy}
            aria-busy={busy}
            aria-label={`Cancel installing ${job.name}`}
            onClick={() => onCancel(job.name)}
          >
            <X aria-hidden className="h-4 w-4" />
            {busy ? 'Cancelling…' : 'Cancel'}
          </button>
        ) : (
          <>
            <button
              type="button"
              className={buttonStyles.smallSoft}
              disabled={busy}
              aria-label={`Retry installing ${job.name}`}
              onClick={() => onRetry(job.name)}
            >
              <RotateCcw aria-hidden className="h-4 w-4" />
              Retry
            </button>
            <button
              type="button"
              className={buttonStyles.ghost}
              disabled={busy}
              aria-label={`Dismiss the install of ${job.name}`}
              onClick={() => onDismiss(job.name)}
            >
              Dismiss
            </button>
          </>
        )}
      </div>
    </li>
  );
}

/** The bar fills with the download; after it (unpacking, checking) it stays full while the text says which step runs. */
function JobProgress({ job, text }: { job: InstallJob; text: string }) {
  const downloading = job.state === 'downloading' || job.state === 'queued';
  const percent = downloading ? (job.progress?.percent ?? 0) : 100;
  return (
    <div className="mt-2">
      <div
        role="progressbar"
        aria-label={`Download of ${job.name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-accent-soft"
      >
        <div
          className={`h-full rounded-full bg-accent transition-[width] ${downloading ? '' : 'animate-pulse'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-muted tabular-nums">{text}</p>
    </div>
  );
}
