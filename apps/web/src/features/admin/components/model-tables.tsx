import type { CatalogueModel, InstalledModel } from '@sayso/contract/models';
import { Check, PackageOpen, Trash2, TriangleAlert } from 'lucide-react';
import { formatBytes } from '../lib/bytes';
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
          Upload an archive above, or on the server run{' '}
          <code className="font-mono whitespace-nowrap">npm run models -- install NAME</code> with a name from the
          catalogue below.
        </p>
      </div>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <TableHead columns={['Model', 'Size', 'Licence', 'Commercial use', 'Languages', 'Checksum']} actions />
        <tbody className="divide-y divide-line">
          {models.map((model) => (
            <tr key={model.name} className={model.licenceWarning ? 'bg-danger-soft/40' : undefined}>
              <td className={cell}>
                <div className="font-medium text-ink break-all">{model.name}</div>
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

/** The models the server can download by name, with their licences. */
export function CatalogueTable({ models }: { models: CatalogueModel[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <TableHead columns={['Model', 'Download', 'Licence', 'Commercial use', 'Languages', 'Installed']} />
        <tbody className="divide-y divide-line">
          {models.map((model) => (
            <tr key={model.name}>
              <td className={cell}>
                <div className="font-medium text-ink">{model.title}</div>
                <div className="font-mono text-xs text-muted break-all">{model.name}</div>
              </td>
              <td className={`${cell} tabular-nums whitespace-nowrap`}>~{formatBytes(model.sizeBytes)}</td>
              <td className={cell}>
                {model.license}
                {model.licenseNote ? <div className="mt-1 max-w-xs text-xs text-muted">{model.licenseNote}</div> : null}
              </td>
              <td className={cell}>
                <Commercial allowed={model.commercialUse} />
              </td>
              <td className={cell}>{languages(model.languages)}</td>
              <td className={cell}>
                {model.installed ? (
                  <span className="inline-flex items-center gap-1 text-success">
                    <Check aria-hidden className="h-4 w-4" />
                    Installed
                  </span>
                ) : (
                  <span className="text-muted">No</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
