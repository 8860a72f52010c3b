import type { ProjectDetail } from '@sayso/contract/projects';
import { Captions } from 'lucide-react';
import { subtitlesUrl } from '../api/exports';
import { useDownload } from '../lib/use-download';
import { ProblemLine } from './problem-line';

type Chapter = ProjectDetail['chapters'][number];

/** The chapter's subtitles, one cue per paragraph, as SRT or WebVTT. */
export function SubtitleDownloads({
  project,
  chapter,
  available,
}: {
  project: ProjectDetail;
  chapter: Chapter;
  available: boolean;
}) {
  const { busy, error, download } = useDownload();
  const ready = available || chapter.blocks.every((block) => block.state === 'done' && !block.changed);
  if (!ready || chapter.blocks.length === 0) return null;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <Captions aria-hidden className="h-4 w-4 text-muted" />
        <span className="text-muted">Subtitles of this chapter:</span>
        {(['srt', 'vtt'] as const).map((format) => (
          <button
            key={format}
            type="button"
            disabled={busy !== null}
            onClick={() => void download(format, subtitlesUrl(project.id, chapter.id, format))}
            aria-label={`${format.toUpperCase()} subtitles of ${chapter.title}`}
            className="rounded-control border border-line px-2.5 py-1 font-medium text-accent-strong hover:border-accent disabled:opacity-60"
          >
            {busy === format ? 'Preparing…' : format.toUpperCase()}
          </button>
        ))}
      </div>
      <ProblemLine error={error} />
    </div>
  );
}
