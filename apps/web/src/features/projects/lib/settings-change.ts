import type { ProjectDetail } from '@sayso/contract/projects';

/** The settings form as typed: pauses in seconds, as text. */
export interface SettingsForm {
  title: string;
  author: string;
  blockPause: string;
  chapterPause: string;
}

/** The fields of a project the form changes, as the server takes them. */
export interface SettingsChange {
  title?: string;
  author?: string | null;
  block_pause_ms?: number;
  chapter_pause_ms?: number;
}

const toMs = (seconds: string) => Math.round(Number(seconds) * 1000);

/**
 * Only what differs from the project, in the server's units (pauses in whole milliseconds, an empty
 * author as none); null when nothing changed or a pause is not a number, so nothing is sent.
 */
export function settingsChange(
  project: Pick<ProjectDetail, 'title' | 'author' | 'block_pause_ms' | 'chapter_pause_ms'>,
  form: SettingsForm,
): SettingsChange | null {
  const change: SettingsChange = {};
  const title = form.title.trim();
  if (title && title !== project.title) change.title = title;
  const author = form.author.trim() || null;
  if (author !== project.author) change.author = author;
  for (const [key, value, current] of [
    ['block_pause_ms', form.blockPause, project.block_pause_ms],
    ['chapter_pause_ms', form.chapterPause, project.chapter_pause_ms],
  ] as const) {
    if (value.trim() === '' || !Number.isFinite(Number(value))) return null;
    const ms = toMs(value);
    if (ms !== current) change[key] = ms;
  }
  return Object.keys(change).length > 0 ? change : null;
}
