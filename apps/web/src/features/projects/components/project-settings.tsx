import type { ProjectDetail } from '@sayso/contract/projects';
import type { Voice } from '@sayso/contract/speech';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { studioCardStyle } from '@/components/ui/card-styles';
import { type ProjectSettingsChange, projectEdits, useProjectEdit } from '../api/project';
import { settingsChange } from '../lib/settings-change';
import { ProblemLine } from './problem-line';
import { VoiceChoice } from './voice-choice';

const field = 'mt-1 w-full rounded-control border border-line bg-card px-3 py-2 text-sm';

/** The project's title and author, its narrator, and the pauses between paragraphs and between chapters. */
export function ProjectSettings({ project, voices }: { project: ProjectDetail; voices: Voice[] }) {
  const ids = useId();
  const save = useProjectEdit(project.id, (change: ProjectSettingsChange) => projectEdits.settings(project.id, change));
  const [form, setForm] = useState({
    title: project.title,
    author: project.author ?? '',
    blockPause: String(project.block_pause_ms / 1000),
    chapterPause: String(project.chapter_pause_ms / 1000),
  });
  const [saved, setSaved] = useState(false);
  const change = settingsChange(project, form);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!change) return;
    setSaved(false);
    save.mutate(change, { onSuccess: () => setSaved(true) });
  };
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => {
    setSaved(false);
    setForm((current) => ({ ...current, [key]: event.target.value }));
  };

  return (
    <section aria-labelledby={`${ids}-title`} className={studioCardStyle}>
      <h2 id={`${ids}-title`} className="text-lg font-semibold text-ink">
        Project settings
      </h2>
      <div className="mt-3">
        <p className="text-sm font-medium text-ink">Narrator</p>
        <div className="mt-1">
          <VoiceChoice
            label="Narrator"
            voices={voices}
            voiceId={project.narrator_voice_id}
            disabled={save.isPending}
            onChoose={(voiceId) => save.mutate({ narrator_voice_id: voiceId })}
          />
        </div>
      </div>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <div>
          <label htmlFor={`${ids}-name`} className="text-sm font-medium text-ink">
            Title
          </label>
          <input id={`${ids}-name`} value={form.title} maxLength={300} onChange={set('title')} className={field} />
        </div>
        <div>
          <label htmlFor={`${ids}-author`} className="text-sm font-medium text-ink">
            Author
          </label>
          <input id={`${ids}-author`} value={form.author} maxLength={300} onChange={set('author')} className={field} />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={`${ids}-block`} className="text-sm font-medium text-ink">
              Pause between paragraphs (s)
            </label>
            <input
              id={`${ids}-block`}
              type="number"
              min={0}
              max={10}
              step={0.1}
              value={form.blockPause}
              onChange={set('blockPause')}
              className={field}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-chapter`} className="text-sm font-medium text-ink">
              Pause between chapters (s)
            </label>
            <input
              id={`${ids}-chapter`}
              type="number"
              min={0}
              max={30}
              step={0.1}
              value={form.chapterPause}
              onChange={set('chapterPause')}
              className={field}
            />
          </div>
        </div>
        <ProblemLine error={save.error} />
        {saved ? (
          <p role="status" className="text-sm text-success">
            Saved.
          </p>
        ) : null}
        <button type="submit" disabled={!change || save.isPending} className={buttonStyles.secondary}>
          {save.isPending ? 'Saving…' : 'Save settings'}
        </button>
      </form>
    </section>
  );
}
