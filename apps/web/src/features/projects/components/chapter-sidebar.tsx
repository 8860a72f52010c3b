import type { ProjectDetail, ProjectProgress } from '@sayso/contract/projects';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { studioCardStyle } from '@/components/ui/card-styles';
import { projectEdits, useProjectEdit } from '../api/project';
import { movedOrder } from '../lib/chapter-order';
import { percentDone } from '../lib/progress-polling';
import { ProblemLine } from './problem-line';

interface ChapterSidebarProps {
  project: ProjectDetail;
  progress: ProjectProgress | undefined;
  selectedId: string | null;
  onSelect: (chapterId: string) => void;
}

/** The chapters in order, each with its render progress; choosing one shows its blocks, arrows reorder them. */
export function ChapterSidebar({ project, progress, selectedId, onSelect }: ChapterSidebarProps) {
  const reorder = useProjectEdit(project.id, (order: string[]) => projectEdits.reorderChapters(project.id, order));
  const ids = project.chapters.map((chapter) => chapter.id);
  const progressOf = (chapterId: string) => progress?.chapters.find((entry) => entry.chapter_id === chapterId);
  return (
    <nav aria-labelledby="chapters-title" className={studioCardStyle}>
      <h2 id="chapters-title" className="text-lg font-semibold text-ink">
        Chapters
      </h2>
      <ol className="mt-3 space-y-1">
        {project.chapters.map((chapter, index) => {
          const state = progressOf(chapter.id);
          const done = state?.done ?? 0;
          const total = state?.total ?? chapter.blocks.length;
          const selected = chapter.id === selectedId;
          return (
            <li key={chapter.id} className="flex items-start gap-1">
              <div className="min-w-0 flex-1">
                <button
                  type="button"
                  aria-current={selected ? 'true' : undefined}
                  onClick={() => onSelect(chapter.id)}
                  className={`block w-full truncate rounded-control px-3 pt-2 pb-1 text-left text-sm ${
                    selected ? 'bg-accent-soft font-semibold text-accent-strong' : 'text-ink hover:bg-accent-soft'
                  }`}
                >
                  {chapter.title}
                </button>
                <div className="flex items-center gap-2 px-3 pb-1 text-xs text-muted">
                  <div
                    role="progressbar"
                    aria-label={`${chapter.title} rendered`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={percentDone(done, total)}
                    className="h-1.5 flex-1 overflow-hidden rounded-full bg-line"
                  >
                    <div
                      className="h-full bg-accent transition-[width]"
                      style={{ width: `${percentDone(done, total)}%` }}
                    />
                  </div>
                  <span>
                    {done}/{total}
                    {state && state.failed.length > 0 ? ` · ${state.failed.length} failed` : ''}
                  </span>
                </div>
              </div>
              <button
                type="button"
                aria-label={`Move ${chapter.title} up`}
                disabled={index === 0 || reorder.isPending}
                onClick={() => reorder.mutate(movedOrder(ids, index, -1))}
                className="rounded-control p-1.5 text-muted hover:bg-accent-soft hover:text-ink disabled:opacity-30"
              >
                <ArrowUp aria-hidden className="h-4 w-4" />
              </button>
              <button
                type="button"
                aria-label={`Move ${chapter.title} down`}
                disabled={index === ids.length - 1 || reorder.isPending}
                onClick={() => reorder.mutate(movedOrder(ids, index, 1))}
                className="rounded-control p-1.5 text-muted hover:bg-accent-soft hover:text-ink disabled:opacity-30"
              >
                <ArrowDown aria-hidden className="h-4 w-4" />
              </button>
            </li>
          );
        })}
      </ol>
      <div className="mt-2">
        <ProblemLine error={reorder.error} />
      </div>
    </nav>
  );
}
