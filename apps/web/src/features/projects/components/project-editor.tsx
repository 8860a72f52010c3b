import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/page-title';
import { useProject } from '../api/project';
import { useProjectVoices } from '../api/project-voices';
import { useRenderProgress } from '../api/render';
import { AcxPanel } from './acx-panel';
import { CastPanel } from './cast-panel';
import { ChapterSidebar } from './chapter-sidebar';
import { ChapterView } from './chapter-view';
import { ExportMenu } from './export-menu';
import { ProblemLine } from './problem-line';
import { ProjectSettings } from './project-settings';
import { RenderPanel } from './render-panel';

/** The page around the editor (the app's signed-in frame): its h1, a line under it, and the content. */
export type EditorFrame = ComponentType<{ title: string; subtitle?: string | undefined; children: ReactNode }>;

/** The editor of one project: chapters on the side, the chosen chapter's blocks, the cast, renders and exports. */
export function ProjectEditor({ projectId, Frame }: { projectId: string; Frame: EditorFrame }) {
  const project = useProject(projectId);
  const progress = useRenderProgress(projectId);
  const { voices } = useProjectVoices();
  const [chapterId, setChapterId] = useState<string | null>(null);
  usePageTitle(project.data?.title ?? 'Project');

  // The first chapter to start with, and again when the chosen one is merged away.
  const chapters = project.data?.chapters ?? [];
  useEffect(() => {
    if (chapters.length === 0) return;
    if (!chapterId || !chapters.some((chapter) => chapter.id === chapterId)) setChapterId(chapters[0]?.id ?? null);
  }, [chapters, chapterId]);

  if (project.isPending) {
    return (
      <Frame title="Project">
        <p role="status" className={`${studioCardStyle} text-muted`}>
          Loading the project…
        </p>
      </Frame>
    );
  }
  if (project.isError) {
    const missing = project.error instanceof ApiError && project.error.status === 404;
    return (
      <Frame title={missing ? 'Project not found' : 'Project'}>
        <div className={`${studioCardStyle} space-y-3`}>
          {missing ? (
            <p className="text-muted">This project does not exist, or it is not yours.</p>
          ) : (
            <ProblemLine error={project.error} />
          )}
          {missing ? (
            <Link to="/projects" className={buttonStyles.secondary}>
              All projects
            </Link>
          ) : (
            <button type="button" className={buttonStyles.secondary} onClick={() => void project.refetch()}>
              Try again
            </button>
          )}
        </div>
      </Frame>
    );
  }

  const detail = project.data;
  const chapter = chapters.find((candidate) => candidate.id === chapterId) ?? chapters[0] ?? null;
  return (
    <Frame title={detail.title} subtitle={detail.author ? `by ${detail.author}` : undefined}>
      <div className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <RenderPanel project={detail} chapter={chapter} progress={progress.data} />
          <div className="space-y-6">
            <ExportMenu project={detail} complete={progress.data?.complete === true} />
            <AcxPanel projectId={detail.id} complete={progress.data?.complete === true} />
          </div>
        </div>
        {/* On a phone the chosen chapter follows the chapter list, before the cast and settings; from lg up
            the chapter takes the right column beside all three. */}
        <div className="grid gap-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]">
          <div className="min-w-0 lg:col-start-1 lg:row-start-1">
            <ChapterSidebar
              project={detail}
              progress={progress.data}
              selectedId={chapter?.id ?? null}
              onSelect={setChapterId}
            />
          </div>
          <div className="min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            {chapter ? (
              <ChapterView
                key={chapter.id}
                project={detail}
                chapter={chapter}
                voices={voices}
                playable={progress.data?.complete === true}
              />
            ) : (
              <p className={`${studioCardStyle} text-muted`}>This project has no chapters yet.</p>
            )}
          </div>
          <div className="min-w-0 space-y-6 self-start lg:col-start-1 lg:row-start-2">
            <CastPanel project={detail} voices={voices} />
            <ProjectSettings project={detail} voices={voices} />
          </div>
        </div>
      </div>
    </Frame>
  );
}
