import { type CatalogueModel, type InstalledModel, type InstallJob, isActiveInstall } from '@sayso/contract/models';
import { Check, Download, PackageOpen, Trash2, TriangleAlert } from 'lucide-react';
import { BreakableText } from '@/components/ui/breakable-text';
import { formatBytes } from '../lib/bytes';
import { ModelId } from './model-id';
import { Spinner } from './spinner';
import { buttonStyles } from './styles';

const cell = 'px-4 py-3 align-top sm:px-6';
const head = `${cell} text-left text-xs font-semibold tracking-wide text-muted uppercase`;

function Commercial({ allowed }: { allowed: boolean | null }) {
  if (allowed === true) return <span className="text-success">Allowed</span>;
  if (allowed === false) return <span className="font-semibold text-danger">Not allowed</span>;
  return <span className="text-muted">Check licence</span>;
}

const languages = (codes: string[]) => (codes.length ? codes.join(', ') : '—');

/** The installed models, with what an operator needs before selling their speech: licence and commercial use. */
export function InstalledModels({
  models,
  onRemove,
}: {
  models: InstalledModel[];
  onRemove: (model: InstalledModel) => void;
}) {
  if (models.length === 0) {
    return (
      <div className="flex flex-col items-center px-6 py-12 text-center">
        <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-accent-soft text-accent-strong">
          <PackageOpen aria-hidden className="h-6 w-6" />
        </span>
        <h3 className="mt-4 font-semibold text-ink">No models installed yet</h3>
        <p className="mt-1 max-w-md text-sm text-muted">
          Install the recommended voices above with one click, or any model from the catalogue below.
        </p>
      </div>
    );
  }
  return (
    // Relative: the header's screen-reader-only label is positioned absolutely, and would otherwise
    // escape the scrolling box and widen the whole page on a phone.
    <div className="relative overflow-x-auto">
      <table className="w-full text-sm">
        <TableHead columns={['Model', 'Size', 'Licence', 'Commercial use', 'Languages', 'Checksum']} actions />
        <tbody className="divide-y divide-line">
          {models.map((model) => (
            <tr key={model.name} className={model.licenceWarning ? 'bg-danger-soft/40' : undefined}>
              <td className={cell}>
                <ModelId name={model.name} className="font-medium text-ink" />
                <div className="text-xs text-muted">
                  {model.family} · {model.source === 'file' ? 'from a file' : 'downloaded'}
                </div>
              </td>
              <td className={`${cell} tabular-nums whitespace-nowrap`}>{formatBytes(model.sizeBytes)}</td>
              <td className={cell}>{model.license}</td>
              <td className={cell}>
                <Commercial allowed={model.commercialUse} />
              </td>
              <td className={cell}>{languages(model.languages)}</td>
              <td className={cell}>
                <span title={`SHA-256 ${model.sha256}`}>{model.checksum === 'verified' ? 'Verified' : 'Recorded'}</span>
              </td>
              <td className={`${cell} text-right`}>
                <button
                  type="button"
                  className={buttonStyles.smallSecondary}
                  onClick={() => onRemove(model)}
                  aria-label={`Remove ${model.name}`}
                >
                  <Trash2 aria-hidden className="h-4 w-4" />
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A cell's heading, shown inside the cell when the table is stacked on a phone. */
function StackedLabel({ children }: { children: string }) {
  return (
    <span className="mb-0.5 block text-xs font-semibold tracking-wide text-muted uppercase md:hidden">{children}</span>
  );
}

const stackedCell = 'block px-4 py-1.5 md:table-cell md:px-6 md:py-3 md:align-top';

interface CatalogueTableProps {
  models: CatalogueModel[];
  jobs: InstallJob[];
  /** Names whose install request is on its way. */
  starting: ReadonlySet<string>;
  onInstall: (name: string) => void;
}

/**
 * The models the server can download by name, with their licences and an Install button each. On
 * a phone the rows stack into cards (the table would be cut off); from md up it is a table.
 */
export function CatalogueTable({ models, jobs, starting, onInstall }: CatalogueTableProps) {
  const active = new Set(jobs.filter(isActiveInstall).map((job) => job.name));
  return (
    <table className="relative block w-full text-sm md:table">
      <thead className="hidden border-b border-line bg-surface md:table-header-group">
        <tr>
          {['Model', 'Download', 'Licence', 'Commercial use', 'Languages'].map((column) => (
            <th key={column} scope="col" className={head}>
              {column}
            </th>
          ))}
          <th scope="col" className={`${head} text-right`}>
            <span className="sr-only">Install</span>
          </th>
        </tr>
      </thead>
      <tbody className="block divide-y divide-line md:table-row-group">
        {models.map((model) => (
          <tr key={model.name} className="block py-3 md:table-row md:py-0">
            <td className={stackedCell}>
              <div className="font-medium text-ink">{model.title}</div>
              <ModelId name={model.name} className="text-xs text-muted" />
              <a
                href={model.url}
                className="mt-1 block text-xs wrap-break-word text-muted underline decoration-line underline-offset-2 hover:text-accent"
                title="The address the archive is downloaded from"
              >
                <BreakableText text={model.url} />
              </a>
            </td>
            <td className={`${stackedCell} tabular-nums md:whitespace-nowrap`}>
              <StackedLabel>Download</StackedLabel>~{formatBytes(model.sizeBytes)}
            </td>
            <td className={stackedCell}>
              <StackedLabel>Licence</StackedLabel>
              {model.license}
              {model.licenseNote ? (
                <div className="mt-1 text-xs text-muted md:max-w-xs">{model.licenseNote}</div>
              ) : null}
            </td>
            <td className={stackedCell}>
              <StackedLabel>Commercial use</StackedLabel>
              <Commercial allowed={model.commercialUse} />
            </td>
            <td className={stackedCell}>
              <StackedLabel>Languages</StackedLabel>
              {languages(model.languages)}
            </td>
            <td className={`${stackedCell} pt-3 md:text-right`}>
              <InstallButton
                model={model}
                installing={active.has(model.name)}
                starting={starting.has(model.name)}
                onInstall={onInstall}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function InstallButton({
  model,
  installing,
  starting,
  onInstall,
}: {
  model: CatalogueModel;
  installing: boolean;
  starting: boolean;
  onInstall: (name: string) => void;
}) {
  if (model.installed) {
    return (
      <span className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-success">
        <Check aria-hidden className="h-4 w-4" />
        Installed
      </span>
    );
  }
  const busy = installing || starting;
  return (
    <button
      type="button"
      className={`${buttonStyles.smallSoft} whitespace-nowrap`}
      disabled={busy}
      aria-busy={busy}
      aria-label={busy ? `Installing ${model.name}` : `Install ${model.name}`}
      onClick={() => onInstall(model.name)}
    >
      {busy ? <Spinner /> : <Download aria-hidden className="h-4 w-4" />}
      {busy ? 'Installing…' : 'Install'}
    </button>
  );
}

/** Shown while an installed model's licence forbids commercial use and credit packs are on sale. */
export function LicenceWarning({ models }: { models: InstalledModel[] }) {
  return (
    <div
      role="alert"
      className="mt-6 flex gap-3 rounded-card border border-danger/30 bg-danger-soft p-4 text-sm text-danger"
    >
      <TriangleAlert aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
      <div>
        <p className="font-semibold">A model's licence forbids commercial use, and credits are on sale.</p>
        <p className="mt-1">
          {models.map((model) => model.name).join(', ')} may not be used to speak for paying customers. Remove it, or
          make sure it is not offered to them.
        </p>
      </div>
    </div>
  );
}

/** A table's header row: one column heading each, and an unlabelled (screen-reader only) actions column. */
function TableHead({ columns, actions = false }: { columns: string[]; actions?: boolean }) {
  return (
    <thead className="border-b border-line bg-surface">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={head}>
            {column}
          </th>
        ))}
        {actions && (
          <th scope="col" className={`${head} text-right`}>
            <span className="sr-only">Actions</span>
          </th>
        )}
      </tr>
    </thead>
  );
}
