import type { ProjectSummary } from '@sayso/contract/projects';
import { BookOpen, Copy, Pencil, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { formatCredits, formatDate } from '@/lib/format';
import { useDeleteProject, useDuplicateProject, useProjectList, useRenameProject } from '../api/project-list';
import { ProblemLine } from './problem-line';

const iconButton =
  'inline-flex h-9 items-center gap-1.5 rounded-control border border-line px-3 text-sm font-medium text-ink hover:border-accent hover:text-accent-strong disabled:opacity-60';

function RenameForm({ project, onDone }: { project: ProjectSummary; onDone: () => void }) {
  const id = useId();
  const rename = useRenameProject();
  const [title, setTitle] = useState(project.title);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ projectId: project.id, title }, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="mt-3 space-y-2">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        New title
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

function ProjectRow({ project }: { project: ProjectSummary }) {
  const [renaming, setRenaming] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const duplicate = useDuplicateProject();
  const remove = useDeleteProject();
  return (
    <li aria-label={project.title} className="rounded-card border border-line bg-card p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <Link
            to={`/projects/${encodeURIComponent(project.id)}`}
            className="text-base font-semibold break-words text-ink hover:text-accent-strong"
          >
            {project.title}
          </Link>
          <p className="mt-1 text-sm text-muted">
            {project.author ? `${project.author} · ` : ''}
            {project.chapters} {project.chapters === 1 ? 'chapter' : 'chapters'} · {formatCredits(project.characters)}{' '}
            characters · edited {formatDate(project.updated_at)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={iconButton}
            aria-label={`Rename ${project.title}`}
            onClick={() => setRenaming(true)}
          >
            <Pencil aria-hidden className="h-4 w-4" />
            Rename
          </button>
          <button
            type="button"
            className={iconButton}
            disabled={duplicate.isPending}
            aria-label={`${duplicate.isPending ? 'Duplicating' : 'Duplicate'} ${project.title}`}
            onClick={() => duplicate.mutate(project.id)}
          >
            <Copy aria-hidden className="h-4 w-4" />
            {duplicate.isPending ? 'Duplicating…' : 'Duplicate'}
          </button>
          <button
            type="button"
            className={iconButton}
            aria-label={`Delete ${project.title}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 aria-hidden className="h-4 w-4" />
            Delete
          </button>
        </div>
      </div>
      {renaming ? <RenameForm project={project} onDone={() => setRenaming(false)} /> : null}
      <div className="mt-2">
        <ProblemLine error={duplicate.error} />
      </div>
      <ModalDialog
        open={confirming}
        onOpenChange={setConfirming}
        busy={remove.isPending}
        title="Delete this project?"
        description={`"${project.title}" and every paragraph rendered for it will be deleted. This cannot be undone.`}
        actions={
          <>
            <button type="button" className={buttonStyles.secondary} onClick={() => setConfirming(false)}>
              Keep it
            </button>
            <button
              type="button"
              disabled={remove.isPending}
              className={`${buttonStyles.primary} bg-danger hover:bg-danger`}
              onClick={() => remove.mutate(project.id, { onSuccess: () => setConfirming(false) })}
            >
              {remove.isPending ? 'Deleting…' : 'Delete project'}
            </button>
          </>
        }
      >
        <div className="mt-3">
          <ProblemLine error={remove.error} />
        </div>
      </ModalDialog>
    </li>
  );
}

/** The user's projects, newest edits first, with their loading, empty and error states. */
export function ProjectList() {
  const projects = useProjectList();
  if (projects.isPending) {
    return (
      <p role="status" className={`${studioCardStyle} text-muted`}>
        Loading your projects…
      </p>
    );
  }
  if (projects.isError) {
    return (
      <div className={`${studioCardStyle} space-y-3`}>
        <ProblemLine error={projects.error} />
        <button type="button" className={buttonStyles.secondary} onClick={() => void projects.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  if (projects.data.length === 0) {
    return (
      <div className={`${studioCardStyle} flex flex-col items-center gap-2 py-10 text-center`}>
        <BookOpen aria-hidden className="h-8 w-8 text-muted" />
        <p className="font-semibold text-ink">No projects yet</p>
        <p className="max-w-sm text-sm text-muted">
          Import a manuscript or paste your text to turn it into an audiobook, chapter by chapter.
        </p>
      </div>
    );
  }
  return (
    <ul aria-label="Your projects" className="space-y-3">
      {projects.data.map((project) => (
        <ProjectRow key={project.id} project={project} />
      ))}
    </ul>
  );
}
