import type { ProjectDetail } from '@sayso/contract/projects';
import type { Voice } from '@sayso/contract/speech';
import { Headphones, Merge, Pencil } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { useChapterRecordings } from '../api/exports';
import { projectEdits, useProjectEdit } from '../api/project';
import { useChapterPlayer } from '../lib/use-chapter-player';
import { BlockItem } from './block-item';
import { ProblemLine } from './problem-line';
import { SubtitleDownloads } from './subtitle-downloads';

type Chapter = ProjectDetail['chapters'][number];

interface ChapterViewProps {
  project: ProjectDetail;
  chapter: Chapter;
  voices: Voice[];
  /** Every block has audio for what it says now, so the book can be listened to. */
  playable: boolean;
}

function RenameChapter({ project, chapter, onDone }: { project: ProjectDetail; chapter: Chapter; onDone: () => void }) {
  const id = useId();
  const [title, setTitle] = useState(chapter.title);
  const rename = useProjectEdit(project.id, (next: string) => projectEdits.renameChapter(project.id, chapter.id, next));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate(title, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Chapter title
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          value={title}
          maxLength={300}
          // biome-ignore lint/a11y/noAutofocus: the form opens because the person asked to type a title.
          autoFocus
          onChange={(event) => setTitle(event.target.value)}
          className="min-w-0 flex-1 rounded-control border border-line bg-card px-3 py-2 text-sm"
        />
        <button type="submit" disabled={rename.isPending} className={buttonStyles.primary}>
          {rename.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={onDone} className={buttonStyles.secondary}>
          Cancel
        </button>
      </div>
      <ProblemLine error={rename.error} />
    </form>
  );
}

/** One chapter: its title and actions, its player, and its blocks (paragraphs) to edit, render and play. */
export function ChapterView({ project, chapter, voices, playable }: ChapterViewProps) {
  const [renaming, setRenaming] = useState(false);
  const [listening, setListening] = useState(false);
  const merge = useProjectEdit(project.id, () => projectEdits.mergeChapter(project.id, chapter.id));
  const recordings = useChapterRecordings(project, playable && listening);
  const player = useChapterPlayer(recordings.data?.get(chapter.id));
  const isLast = project.chapters.at(-1)?.id === chapter.id;
  const headingId = useId();

  const playFrom = (index: number) => {
    setListening(true);
    player.playFrom(index);
  };

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className={studioCardStyle}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <div className="min-w-0 flex-1">
            <h2 id={headingId} className="text-xl font-semibold break-words text-ink">
              {chapter.title}
            </h2>
            <p className="mt-1 text-sm text-muted">
              {chapter.blocks.length} {chapter.blocks.length === 1 ? 'paragraph' : 'paragraphs'}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonStyles.secondary} onClick={() => setRenaming(true)}>
              <Pencil aria-hidden className="h-4 w-4" />
              Rename chapter
            </button>
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={isLast || merge.isPending}
              title={isLast ? 'There is no next chapter to merge' : undefined}
              onClick={() => merge.mutate(undefined)}
            >
              <Merge aria-hidden className="h-4 w-4" />
              {merge.isPending ? 'Merging…' : 'Merge with next'}
            </button>
          </div>
        </div>
        {renaming ? <RenameChapter project={project} chapter={chapter} onDone={() => setRenaming(false)} /> : null}
        <div className="mt-2">
          <ProblemLine error={merge.error} />
        </div>

        <div className="mt-4 space-y-3 border-t border-line pt-4">
          {!playable ? (
            <p className="text-sm text-muted">Render every paragraph of the project to listen to it here.</p>
          ) : !listening ? (
            <button type="button" className={buttonStyles.soft} onClick={() => setListening(true)}>
              <Headphones aria-hidden className="h-4 w-4" />
              Listen to this chapter
            </button>
          ) : recordings.isPending ? (
            <p role="status" className="text-sm text-muted">
              Preparing the chapter's audio…
            </p>
          ) : recordings.isError ? (
            <ProblemLine error={recordings.error} />
          ) : player.source ? (
            // biome-ignore lint/a11y/useMediaCaption: the paragraphs below are the captions, highlighted as they are read.
            <audio
              ref={player.audioRef}
              src={player.source}
              controls
              aria-label={`${chapter.title}, chapter player`}
              data-testid="chapter-player"
              onTimeUpdate={player.onTimeUpdate}
              className="w-full"
            />
          ) : (
            <p className="text-sm text-muted">This chapter has no audio.</p>
          )}
          <SubtitleDownloads project={project} chapter={chapter} available={playable} />
        </div>
      </div>

      {chapter.blocks.length === 0 ? (
        <p className={`${studioCardStyle} text-muted`}>This chapter has no paragraphs.</p>
      ) : (
        <ol aria-label={`Paragraphs of ${chapter.title}`} className="space-y-3">
          {chapter.blocks.map((block, index) => (
            <BlockItem
              key={block.id}
              project={project}
              chapter={chapter}
              block={block}
              index={index}
              voices={voices}
              reading={listening && player.current === index}
              canPlay={playable}
              onPlay={() => playFrom(index)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
