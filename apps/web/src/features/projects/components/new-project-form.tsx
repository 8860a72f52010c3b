import type { ProjectDetail } from '@sayso/contract/projects';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { arrivalVoice, browserLanguages } from '@/lib/arrival-voice';
import { importProject } from '../api/import-project';
import { projectKey } from '../api/project';
import { projectListQuery, useCreateProject } from '../api/project-list';
import { useProjectVoices } from '../api/project-voices';
import { IMPORT_ACCEPT, importFileProblem } from '../lib/import-file';
import { ProblemLine } from './problem-line';
import { VoiceChoice } from './voice-choice';

type Source = 'blank' | 'text' | 'file';

const SOURCES: { value: Source; label: string }[] = [
  { value: 'file', label: 'Import a file' },
  { value: 'text', label: 'Paste text' },
  { value: 'blank', label: 'Blank' },
];

/** The narrator to start with: the most natural voice for the browser's language. */
function useStartingNarrator() {
  const { voices, pending } = useProjectVoices();
  const [narrator, setNarrator] = useState<string | null>(null);
  useEffect(() => {
    if (narrator || voices.length === 0) return;
    const candidates = voices.map((voice) => ({
      id: voice.voice_id,
      kind: voice.kind,
      locale: voice.locale,
      language: voice.language,
    }));
    setNarrator(arrivalVoice(candidates, null, browserLanguages()));
  }, [narrator, voices]);
  return { voices, pending, narrator, setNarrator };
}

/** Creates a project: imported from a .txt, .md, .epub or .docx file, from pasted text, or blank. */
export function NewProjectForm({ onCreated }: { onCreated: (project: ProjectDetail) => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const create = useCreateProject();
  const { voices, pending, narrator, setNarrator } = useStartingNarrator();
  const [source, setSource] = useState<Source>('file');
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [format, setFormat] = useState<'txt' | 'md'>('txt');
  const [file, setFile] = useState<File | null>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const [importError, setImportError] = useState<unknown>(null);
  const [localProblem, setLocalProblem] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);

  // Leaving the page stops an upload nobody waits for.
  useEffect(() => () => upload.current?.abort(), []);

  const busy = create.isPending || uploaded !== null;

  async function importChosenFile(chosen: File, voiceId: string) {
    const controller = new AbortController();
    upload.current = controller;
    setUploaded(0);
    try {
      const project = await importProject(chosen, voiceId, setUploaded, controller.signal);
      queryClient.setQueryData(projectKey(project.id), project);
      await queryClient.invalidateQueries({ queryKey: projectListQuery.queryKey });
      onCreated(project);
    } catch (error) {
      if (!controller.signal.aborted) setImportError(error);
    } finally {
      setUploaded(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setImportError(null);
    setLocalProblem(null);
    create.reset();
    if (!narrator) return setLocalProblem('Choose a narrator voice first.');
    if (source === 'file') {
      if (!file) return setLocalProblem('Choose a file to import.');
      const problem = importFileProblem(file);
      if (problem) return setLocalProblem(problem);
      void importChosenFile(file, narrator);
      return;
    }
    if (source === 'text' && !text.trim()) return setLocalProblem('Paste the text of your project.');
    create.mutate(
      {
        narrator_voice_id: narrator,
        ...(title.trim() ? { title: title.trim() } : {}),
        ...(source === 'text' ? { text, format } : {}),
      },
      { onSuccess: onCreated },
    );
  }

  return (
    <section aria-labelledby={`${ids}-title`} className={studioCardStyle}>
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-ink">
        New project
      </h2>
      <p className="mt-1 text-sm text-muted">
        A book, course or script: chapters come from the document's headings, and each paragraph is one block.
      </p>
      <form className="mt-4 space-y-4" onSubmit={submit} aria-busy={busy}>
        <fieldset>
          <legend className="text-sm font-medium text-ink">Start from</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {SOURCES.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-2 rounded-control border border-line px-3 py-2 text-sm has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
              >
                <input
                  type="radio"
                  name={`${ids}-source`}
                  value={option.value}
                  checked={source === option.value}
                  onChange={() => setSource(option.value)}
                  className="accent-accent"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>

        {source === 'file' ? (
          <div>
            <label htmlFor={`${ids}-file`} className="text-sm font-medium text-ink">
              Manuscript file (.txt, .md, .epub or .docx, up to 50 MB)
            </label>
            <input
              id={`${ids}-file`}
              type="file"
              accept={IMPORT_ACCEPT}
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              className="mt-2 block w-full text-sm text-ink file:mr-3 file:rounded-control file:border-0 file:bg-accent-soft file:px-4 file:py-2 file:font-semibold file:text-accent-strong"
            />
          </div>
        ) : null}

        {source !== 'file' ? (
          <div>
            <label htmlFor={`${ids}-name`} className="text-sm font-medium text-ink">
              Title <span className="font-normal text-muted">(optional)</span>
            </label>
            <input
              id={`${ids}-name`}
              value={title}
              maxLength={300}
              onChange={(event) => setTitle(event.target.value)}
              className="mt-2 w-full rounded-control border border-line bg-card px-3 py-2 text-sm"
            />
          </div>
        ) : null}

        {source === 'text' ? (
          <div className="space-y-2">
            <label htmlFor={`${ids}-text`} className="text-sm font-medium text-ink">
              Your text
            </label>
            <textarea
              id={`${ids}-text`}
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={8}
              className="w-full rounded-control border border-line bg-card px-3 py-2 text-sm"
            />
            <label className="flex items-center gap-2 text-sm text-ink">
              <input
                type="checkbox"
                checked={format === 'md'}
                onChange={(event) => setFormat(event.target.checked ? 'md' : 'txt')}
                className="accent-accent"
              />
              Markdown (# headings start chapters)
            </label>
          </div>
        ) : null}

        <div>
          <p className="text-sm font-medium text-ink">Narrator</p>
          <div className="mt-1">
            {pending && !narrator ? (
              <p className="text-sm text-muted">Loading voices…</p>
            ) : (
              <VoiceChoice label="Narrator" voices={voices} voiceId={narrator} onChoose={setNarrator} />
            )}
          </div>
        </div>

        {uploaded !== null ? (
          <div className="space-y-1">
            <p className="text-sm text-muted" role="status">
              {uploaded < 1 ? `Uploading… ${Math.floor(uploaded * 100)}%` : 'Reading chapters and speakers…'}
            </p>
            <progress
              aria-label="Upload progress"
              max={100}
              value={Math.floor(uploaded * 100)}
              className="h-2 w-full overflow-hidden rounded-full accent-accent"
            />
          </div>
        ) : null}

        {localProblem ? (
          <p role="alert" className="rounded-control bg-danger-soft px-3 py-2 text-sm text-danger">
            {localProblem}
          </p>
        ) : null}
        <ProblemLine error={importError ?? create.error} />

        <button type="submit" disabled={busy} className={buttonStyles.primary}>
          <FileUp aria-hidden className="h-4 w-4" />
          {busy ? 'Creating…' : 'Create project'}
        </button>
      </form>
    </section>
  );
}
