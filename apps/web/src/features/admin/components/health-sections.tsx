import type { EngineReport, HealthModel, HealthReport, ModelRole, Studio } from '@sayso/contract/site';
import { ArrowRight, CheckCircle2, CircleAlert, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '@/lib/format';
import { buttonStyles, cardStyle } from './styles';

type Status = 'up' | 'down';

const ENGINE_NAMES: Record<string, string> = {
  espeak: 'eSpeak NG',
  sherpa: 'Local neural engine',
  minimax: 'MiniMax',
  elevenlabs: 'ElevenLabs',
  openai: 'OpenAI-compatible server',
};

const STUDIO_NAMES: Record<Studio, string> = {
  preset: 'the preset studio (/dashboard2)',
  clone: 'the clone studio (/dashboard3)',
};

const ROLE_NAMES: Record<ModelRole, string> = {
  preset: 'Preset voices',
  clone: 'Voice cloning',
  denoiser: 'Cleans uploaded voice samples',
};

/** The parts without which users cannot work; their names as the banner says them. */
const CORE_PARTS = [
  ['database', 'the database'],
  ['queue', 'the speech queue'],
  ['storage', 'file storage'],
] as const;

const joinWords = (words: string[]): string =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

const servesText = (serves: Studio[]): string =>
  serves.length > 0 ? `Serves ${joinWords(serves.map((studio) => STUDIO_NAMES[studio]))}.` : 'Serves no studio now.';

/** A length of time in words: 45 s, 3 min 5 s, 2 h 14 min, 3 days 4 h. */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ${hours % 24} h`;
}

/** Up or down, in words and an icon as well as colour. */
export function StatusBadge({ status }: { status: Status }) {
  const up = status === 'up';
  const Icon = up ? CheckCircle2 : XCircle;
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${
        up ? 'bg-success-soft text-success' : 'bg-danger-soft text-danger'
      }`}
    >
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {up ? 'Up' : 'Down'}
    </span>
  );
}

/** The words under a part that is down: why, as the server said it. Long paths wrap rather than widen the page. */
function DownReason({ detail }: { detail: string | undefined }) {
  return (
    <p className="mt-1 text-sm break-words text-danger">
      <span className="font-medium">Why: </span>
      {detail ?? 'no reason was given.'}
    </p>
  );
}

/** The overall verdict first, in a sentence: what works, what does not, and what users feel. */
export function HealthBanner({ report }: { report: HealthReport }) {
  const downParts = CORE_PARTS.filter(([key]) => report[key].status === 'down').map(([, name]) => name);
  const downEngines = report.engines.filter((engine) => engine.status === 'down');
  const ok = report.status === 'ok';
  const Icon = ok ? CheckCircle2 : CircleAlert;
  const engineNote =
    downEngines.length > 0
      ? ` ${joinWords(downEngines.map((engine) => ENGINE_NAMES[engine.id] ?? engine.id))} ${
          downEngines.length === 1 ? 'is' : 'are'
        } down; the studios use the engines that are up (see Speech engines).`
      : ' Every speech engine is up.';
  return (
    <section
      aria-labelledby="health-verdict"
      className={`mt-8 flex gap-3 rounded-card border p-4 sm:p-6 ${
        ok ? 'border-success/30 bg-success-soft' : 'border-danger/30 bg-danger-soft'
      }`}
    >
      <Icon aria-hidden className={`mt-0.5 h-6 w-6 shrink-0 ${ok ? 'text-success' : 'text-danger'}`} />
      <div className="min-w-0" role="status">
        <h2 id="health-verdict" className="text-lg font-semibold">
          {ok ? 'All good' : 'Degraded'}
        </h2>
        <p className="mt-1 text-sm break-words text-ink">
          {ok
            ? `The database, the speech queue and file storage are working.${engineNote}`
            : `${capitalise(joinWords(downParts))} ${downParts.length === 1 ? 'is' : 'are'} not working, so users may not be able to sign in, make speech or play their audio. The reason is in ${downParts.length === 1 ? 'its section' : 'each section'} below.`}
        </p>
      </div>
    </section>
  );
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** One card of the page: a heading, an optional badge beside it, and its body. */
function HealthCard({
  id,
  title,
  status,
  className = '',
  children,
}: {
  id: string;
  title: string;
  status?: Status;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`min-w-0 p-4 sm:p-6 ${cardStyle} ${className}`}>
      <div className="flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {status ? <StatusBadge status={status} /> : null}
      </div>
      {children}
    </section>
  );
}

/** Label and value pairs; values wrap (long paths too) instead of widening the page. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="mt-4 flex flex-col gap-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="flex gap-4">
          <dt className="w-28 shrink-0 text-muted">{label}</dt>
          <dd className="min-w-0 flex-1 font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EngineRow({ engine }: { engine: EngineReport }) {
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:gap-4">
      <div className="flex shrink-0 items-center justify-between gap-3 sm:w-56 sm:justify-start">
        <span className="min-w-0">
          <span className="block font-medium">{ENGINE_NAMES[engine.id] ?? engine.id}</span>
          <span className="block font-mono text-xs text-muted">{engine.id}</span>
        </span>
        <StatusBadge status={engine.status} />
      </div>
      <div className="min-w-0 text-sm">
        <p className="text-ink">{servesText(engine.serves)}</p>
        {engine.status === 'down' ? <DownReason detail={engine.detail} /> : null}
      </div>
    </li>
  );
}

export function EnginesCard({ engines }: { engines: EngineReport[] }) {
  return (
    <HealthCard id="health-engines" title="Speech engines" className="md:col-span-2 lg:col-span-3">
      <p className="mt-1 text-sm text-muted">
        Each studio speaks through one engine; when the one it prefers is down, it falls back to eSpeak NG.
      </p>
      <ul className="mt-2 divide-y divide-line">
        {engines.map((engine) => (
          <EngineRow key={engine.id} engine={engine} />
        ))}
      </ul>
    </HealthCard>
  );
}

export function QueueCard({ queue }: { queue: HealthReport['queue'] }) {
  const { depth } = queue;
  return (
    <HealthCard id="health-queue" title="Speech queue" status={queue.status}>
      {queue.status === 'down' ? <DownReason detail={queue.detail} /> : null}
      {depth ? (
        <Facts
          rows={[
            ['Waiting', depth.waiting === 1 ? '1 task' : `${depth.waiting} tasks`],
            ['Being made now', depth.running === 1 ? '1 task' : `${depth.running} tasks`],
            [
              'Longest wait',
              depth.oldestWaitingSeconds === null ? 'No task is waiting' : formatElapsed(depth.oldestWaitingSeconds),
            ],
          ]}
        />
      ) : (
        <p className="mt-4 text-sm text-muted">The queue cannot be read while the database is down.</p>
      )}
    </HealthCard>
  );
}

const DATABASE_KINDS = { pglite: 'Embedded (PGlite)', postgres: 'PostgreSQL server' } as const;

export function DatabaseCard({ database, version }: { database: HealthReport['database']; version: string | null }) {
  return (
    <HealthCard id="health-database" title="Database" status={database.status}>
      {database.status === 'down' ? <DownReason detail={database.detail} /> : null}
      <Facts
        rows={[
          ['Kind', DATABASE_KINDS[database.kind]],
          ['Version', version ?? 'Unknown while it does not answer'],
        ]}
      />
    </HealthCard>
  );
}

const STORAGE_KINDS = { local: 'A folder on this machine', s3: 'S3-compatible bucket' } as const;

export function StorageCard({ storage }: { storage: HealthReport['storage'] }) {
  return (
    <HealthCard id="health-storage" title="Storage" status={storage.status}>
      {storage.status === 'down' ? <DownReason detail={storage.detail} /> : null}
      <Facts
        rows={[
          ['Kind', STORAGE_KINDS[storage.kind]],
          [
            'Where',
            <span key="where" className="font-mono text-xs [overflow-wrap:anywhere]">
              {storage.location}
            </span>,
          ],
        ]}
      />
    </HealthCard>
  );
}

function ModelRow({ model }: { model: HealthModel }) {
  return (
    <li className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
      <span className="min-w-0 sm:w-72 sm:shrink-0">
        <span className="block font-medium break-words">{model.title}</span>
        <span className="block font-mono text-xs text-muted [overflow-wrap:anywhere]">{model.name}</span>
      </span>
      <span className="min-w-0 text-sm">
        <span className="block text-ink">{ROLE_NAMES[model.role]}</span>
        <span className="block text-muted">
          {model.role === 'denoiser' ? 'Used when a sample is uploaded.' : servesText(model.serves)}
        </span>
      </span>
    </li>
  );
}

export function ModelsCard({ models }: { models: HealthReport['models'] }) {
  return (
    <HealthCard id="health-models" title="Models" className="md:col-span-2">
      <p className="mt-1 text-sm text-muted">
        {models.count === 0
          ? 'No speech models are installed: the studios speak with eSpeak NG.'
          : models.count === 1
            ? '1 speech model is installed.'
            : `${models.count} speech models are installed.`}
      </p>
      {models.count > 0 ? (
        <ul className="mt-2 divide-y divide-line">
          {models.installed.map((model) => (
            <ModelRow key={model.name} model={model} />
          ))}
        </ul>
      ) : null}
      <Link to="/admin-panel/models" className={`${buttonStyles.smallSoft} mt-4`}>
        Open the Models page
        <ArrowRight aria-hidden className="h-4 w-4" />
      </Link>
    </HealthCard>
  );
}

export function VersionsCard({
  versions,
  databaseKind,
  process,
}: {
  versions: HealthReport['versions'];
  databaseKind: HealthReport['database']['kind'];
  process: HealthReport['process'];
}) {
  const database = versions.database
    ? `${versions.database}${databaseKind === 'pglite' ? ' (embedded PGlite)' : ''}`
    : 'Unknown while it does not answer';
  return (
    <HealthCard id="health-versions" title="Versions">
      <Facts
        rows={[
          ['Sayso', versions.product],
          ['Node.js', versions.node],
          ['Database', database],
          ['Running for', formatElapsed(process.uptimeSeconds)],
          ['Memory in use', formatBytes(process.rssBytes)],
        ]}
      />
    </HealthCard>
  );
}
