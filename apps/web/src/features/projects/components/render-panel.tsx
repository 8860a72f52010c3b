import type { ProjectDetail, ProjectProgress, RenderEstimate, RenderScope } from '@sayso/contract/projects';
import { AudioLines } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { formatCredits } from '@/lib/format';
import { useEstimate, useStartRender } from '../api/render';
import { estimateLine } from '../lib/estimate';
import { percentDone, progressSummary } from '../lib/progress-polling';
import { ProblemLine } from './problem-line';

type Chapter = ProjectDetail['chapters'][number];

interface RenderPanelProps {
  project: ProjectDetail;
  chapter: Chapter | null;
  progress: ProjectProgress | undefined;
}

function EstimateRow({
  label,
  estimate,
  pending,
  onRender,
  busy,
}: {
  label: string;
  estimate: RenderEstimate | undefined;
  pending: boolean;
  onRender: () => void;
  busy: boolean;
}) {
  const nothingToDo = estimate?.blocks === 0;
  return (
    <div className="flex flex-col gap-2 rounded-control border border-line p-3 sm:flex-row sm:items-center">
      <p className="flex-1 text-sm text-ink" data-testid={`estimate-${label.toLowerCase().replace(/\W+/g, '-')}`}>
        <span className="font-semibold">{label}: </span>
        {pending || !estimate ? 'Working out the cost…' : estimateLine(estimate)}
      </p>
      <button
        type="button"
        className={buttonStyles.primary}
        disabled={busy || pending || nothingToDo || estimate?.enough === false}
        onClick={onRender}
      >
        <AudioLines aria-hidden className="h-4 w-4" />
        Render {label.toLowerCase()}
      </button>
    </div>
  );
}

/**
 * What rendering would cost before anything is spent (credits = characters of the paragraphs that
 * changed), the buttons that start it, and its progress read from the server.
 */
export function RenderPanel({ project, chapter, progress }: RenderPanelProps) {
  const projectScope: RenderScope = { scope: 'project' };
  const chapterScope: RenderScope = { scope: 'chapter', chapter_id: chapter?.id ?? '' };
  const whole = useEstimate(project.id, projectScope);
  const part = useEstimate(project.id, chapterScope, chapter !== null);
  const render = useStartRender(project.id);
  const short = whole.data && !whole.data.enough;
  const rendering = (progress?.queued ?? 0) > 0;

  return (
    <section aria-labelledby="render-title" className={`${studioCardStyle} space-y-3`}>
      <h2 id="render-title" className="text-lg font-semibold text-ink">
        Render
      </h2>
      <p className="text-sm text-muted">
        Only paragraphs whose text, voice or speed changed are rendered; each character costs one credit.
        {whole.data ? ` Your balance: ${formatCredits(whole.data.balance)} credits.` : ''}
      </p>
      <EstimateRow
        label="Project"
        estimate={whole.data}
        pending={whole.isPending}
        busy={render.isPending}
        onRender={() => render.mutate(projectScope)}
      />
      {chapter ? (
        <EstimateRow
          label="Chapter"
          estimate={part.data}
          pending={part.isPending}
          busy={render.isPending}
          onRender={() => render.mutate(chapterScope)}
        />
      ) : null}
      {short ? (
        <p role="alert" className="rounded-control bg-danger-soft px-3 py-2 text-sm text-danger">
          Your balance does not cover this render.{' '}
          <Link to="/pricing" className="font-semibold underline">
            Buy credits
          </Link>
        </p>
      ) : null}
      <ProblemLine error={render.error ?? whole.error} />
      {progress ? (
        <div className="space-y-1">
          <div
            role="progressbar"
            aria-label="Project rendered"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percentDone(progress.done, progress.total)}
            className="h-2 overflow-hidden rounded-full bg-line"
          >
            <div
              className="h-full bg-accent transition-[width]"
              style={{ width: `${percentDone(progress.done, progress.total)}%` }}
            />
          </div>
          <p role="status" data-testid="render-progress" className="text-sm text-muted">
            {progressSummary(progress)}
            {rendering ? '' : progress.complete ? ' · ready to listen and export' : ''}
          </p>
          {progress.failed > 0 && !rendering ? (
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={render.isPending}
              onClick={() => render.mutate(projectScope)}
            >
              Retry failed paragraphs
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
