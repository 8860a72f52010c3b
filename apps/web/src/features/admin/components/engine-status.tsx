import type { EngineReport } from '@sayso/contract/site';
import { cardStyle } from './styles';

const STUDIO_NAMES = { preset: 'preset voices (/dashboard2)', clone: 'cloning (/dashboard3)' } as const;

/** Which speech engines run now (after the last install or removal), what each serves, and why one is down. */
export function EngineStatus({ engines }: { engines: EngineReport[] }) {
  return (
    <section aria-labelledby="engine-status-title" className={`p-4 sm:p-6 ${cardStyle}`}>
      <h2 id="engine-status-title" className="text-lg font-semibold">
        Speech engines
      </h2>
      <p className="mt-1 text-sm text-muted">Studios move to a new model as soon as it is installed.</p>
      <ul className="mt-4 divide-y divide-line">
        {engines.map((engine) => (
          <li key={engine.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-baseline sm:gap-4">
            <span className="w-28 shrink-0 font-mono text-sm font-semibold">{engine.id}</span>
            <span
              className={`w-16 shrink-0 text-sm font-medium ${engine.status === 'up' ? 'text-emerald-700' : 'text-red-700'}`}
            >
              {engine.status === 'up' ? 'Up' : 'Down'}
            </span>
            <span className="min-w-0 text-sm text-muted">
              {engine.status === 'down'
                ? engine.detail
                : engine.serves.length > 0
                  ? `Serves ${engine.serves.map((studio) => STUDIO_NAMES[studio]).join(' and ')}`
                  : 'Ready; serves no studio now'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
