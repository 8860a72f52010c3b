import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ProjectBlock, ProjectDetail } from '@sayso/contract/projects';
import type { Voice } from '@sayso/contract/speech';
import { MoreHorizontal, Pencil, Play, RotateCcw } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { projectEdits, useProjectEdit } from '../api/project';
import { useStartRender } from '../api/render';
import { BLOCK_SPEEDS, blockStateLabel } from '../lib/block-state';
import { blockFailure } from '../lib/problems';
import { voiceLabel } from '../lib/voice-options';
import { ProblemLine } from './problem-line';
import { useVoicePicker } from './voice-picker-context';

type Chapter = ProjectDetail['chapters'][number];

interface BlockItemProps {
  project: ProjectDetail;
  chapter: Chapter;
  block: ProjectBlock;
  index: number;
  voices: Voice[];
  /** The player is reading this block now. */
  reading: boolean;
  canPlay: boolean;
  onPlay: () => void;
}

const STATE_TONES: Record<string, string> = {
  done: 'bg-success-soft text-success',
  failed: 'bg-danger-soft text-danger',
  queued: 'bg-accent-soft text-accent-strong',
  new: 'bg-surface text-muted',
  changed: 'bg-surface text-muted',
};

const menuItem =
  'flex cursor-pointer items-center gap-2 rounded-control px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-accent-soft data-[disabled]:cursor-default data-[disabled]:opacity-50';

function BlockEditor({ project, block, onDone }: { project: ProjectDetail; block: ProjectBlock; onDone: () => void }) {
  const id = useId();
  const [text, setText] = useState(block.text);
  const save = useProjectEdit(project.id, (next: string) => projectEdits.block(project.id, block.id, { text: next }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text === block.text) return onDone();
    save.mutate(text, { onSuccess: onDone });
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={id} className="sr-only">
        Paragraph text
      </label>
      <textarea
        id={id}
        value={text}
        // biome-ignore lint/a11y/noAutofocus: the editor opens because the person asked to edit this paragraph.
        autoFocus
        rows={Math.min(12, Math.max(3, Math.ceil(text.length / 80)))}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        className="w-full rounded-control border border-line bg-card px-3 py-2 text-sm leading-relaxed"
      />
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={save.isPending} className={buttonStyles.primary}>
          {save.isPending ? 'Saving…' : 'Save paragraph'}
        </button>
        <button type="button" onClick={onDone} className={buttonStyles.secondary}>
          Cancel
        </button>
      </div>
      <ProblemLine error={save.error} />
    </form>
  );
}

/** One paragraph: its text (edited in place), who speaks it and how, its render state, and what can be done with it. */
export function BlockItem({ project, chapter, block, index, voices, reading, canPlay, onPlay }: BlockItemProps) {
  const Picker = useVoicePicker();
  const [editing, setEditing] = useState(false);
  const [choosingVoice, setChoosingVoice] = useState(false);
  const change = useProjectEdit(project.id, (edit: Parameters<typeof projectEdits.block>[2]) =>
    projectEdits.block(project.id, block.id, edit),
  );
  const split = useProjectEdit(project.id, () => projectEdits.splitChapter(project.id, chapter.id, block.id));
  const render = useStartRender(project.id);
  const name = `Paragraph ${index + 1}`;
  const state = blockStateLabel(block);

  return (
    <li
      aria-label={name}
      aria-current={reading ? 'true' : undefined}
      data-state={block.state}
      className={`rounded-card border bg-card p-4 transition-colors ${
        reading ? 'border-accent ring-2 ring-accent/30' : 'border-line'
      }`}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
        <span className="font-semibold text-ink">{index + 1}</span>
        {block.speaker ? <span className="font-medium text-accent-strong">{block.speaker}</span> : null}
        <span>{voiceLabel(voices, block.voice)}</span>
        {block.speed !== 1 ? <span>{block.speed}× speed</span> : null}
        <span className={`rounded-full px-2 py-0.5 font-medium ${STATE_TONES[state.tone] ?? ''}`}>{state.label}</span>
      </div>

      <div className="mt-2">
        {editing ? (
          <BlockEditor project={project} block={block} onDone={() => setEditing(false)} />
        ) : (
          <p className={`text-sm leading-relaxed whitespace-pre-wrap ${reading ? 'text-ink' : 'text-ink/90'}`}>
            {block.text}
          </p>
        )}
      </div>

      {block.state === 'failed' ? (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 rounded-control bg-danger-soft px-3 py-2">
          <span className="flex-1 text-sm text-danger">{blockFailure(block.error_code)}</span>
          <button
            type="button"
            disabled={render.isPending}
            onClick={() => render.mutate({ scope: 'block', block_id: block.id })}
            aria-label={`Retry ${name}`}
            className="inline-flex items-center gap-1.5 rounded-control bg-card px-3 py-1.5 text-sm font-semibold text-danger"
          >
            <RotateCcw aria-hidden className="h-4 w-4" />
            Retry
          </button>
        </div>
      ) : null}

      {!editing ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => setEditing(true)}
            aria-label={`Edit ${name}`}
            className="inline-flex h-9 items-center gap-1.5 rounded-control border border-line px-3 text-sm font-medium text-ink hover:border-accent"
          >
            <Pencil aria-hidden className="h-4 w-4" />
            Edit
          </button>
          <button
            type="button"
            disabled={!canPlay}
            title={canPlay ? undefined : 'Render every paragraph to listen'}
            onClick={onPlay}
            aria-label={`Play from here (${name})`}
            className="inline-flex h-9 items-center gap-1.5 rounded-control border border-line px-3 text-sm font-medium text-ink hover:border-accent disabled:opacity-50"
          >
            <Play aria-hidden className="h-4 w-4" />
            Play from here
          </button>
          <DropdownMenu.Root modal={false}>
            <DropdownMenu.Trigger
              aria-label={`More for ${name}`}
              className="inline-flex h-9 items-center rounded-control border border-line px-2.5 text-ink hover:border-accent data-[state=open]:bg-accent-soft"
            >
              <MoreHorizontal aria-hidden className="h-4 w-4" />
            </DropdownMenu.Trigger>
            <DropdownMenu.Portal>
              <DropdownMenu.Content
                align="start"
                sideOffset={4}
                className="z-50 min-w-56 rounded-card border border-line bg-card p-1 shadow-lg"
              >
                <DropdownMenu.Item
                  className={menuItem}
                  disabled={render.isPending}
                  onSelect={() => render.mutate({ scope: 'block', block_id: block.id })}
                >
                  Render this paragraph
                </DropdownMenu.Item>
                <DropdownMenu.Item className={menuItem} onSelect={() => setChoosingVoice(true)}>
                  Choose a voice…
                </DropdownMenu.Item>
                {block.voice_id ? (
                  <DropdownMenu.Item className={menuItem} onSelect={() => change.mutate({ voice_id: null })}>
                    {block.speaker ? `Use ${block.speaker}'s voice` : "Use the narrator's voice"}
                  </DropdownMenu.Item>
                ) : null}
                <DropdownMenu.Separator className="my-1 h-px bg-line" />
                <DropdownMenu.Label className="px-3 py-1 text-xs font-semibold text-muted">Speed</DropdownMenu.Label>
                <DropdownMenu.RadioGroup
                  value={String(block.speed)}
                  onValueChange={(value) => change.mutate({ speed: Number(value) })}
                >
                  {BLOCK_SPEEDS.map((speed) => (
                    <DropdownMenu.RadioItem key={speed} value={String(speed)} className={menuItem}>
                      <DropdownMenu.ItemIndicator className="w-3">•</DropdownMenu.ItemIndicator>
                      <span className={String(block.speed) === String(speed) ? '' : 'pl-3'}>{speed}×</span>
                    </DropdownMenu.RadioItem>
                  ))}
                </DropdownMenu.RadioGroup>
                <DropdownMenu.Separator className="my-1 h-px bg-line" />
                <DropdownMenu.Item className={menuItem} disabled={index === 0} onSelect={() => split.mutate(undefined)}>
                  Start a new chapter here
                </DropdownMenu.Item>
              </DropdownMenu.Content>
            </DropdownMenu.Portal>
          </DropdownMenu.Root>
        </div>
      ) : null}
      <div className="mt-2 space-y-2">
        <ProblemLine error={change.error ?? split.error ?? render.error} />
      </div>
      {/* Mounted only while open: a long chapter would otherwise hold a voice library per paragraph. */}
      {choosingVoice ? (
        <Picker
          open
          onOpenChange={setChoosingVoice}
          voices={voices}
          selectedId={block.voice}
          onSelect={(voice) => {
            setChoosingVoice(false);
            change.mutate({ voice_id: voice.voice_id });
          }}
        />
      ) : null}
    </li>
  );
}
