import type { Migration } from './index.js';

/**
 * Projects (issue 37, decision 0047): long-form audio from a manuscript. A project has chapters,
 * a chapter has blocks (paragraphs), and a project casts its speakers to voices. A block remembers
 * the hash of what it was last rendered from and the speech task of its latest render, so a
 * render skips what did not change and progress is read from the database.
 */
export const projects: Migration = {
  version: 14,
  name: 'projects',
  sql: `
    CREATE TABLE projects (
      id text PRIMARY KEY,
      user_id text NOT NULL REFERENCES "user" ("id") ON DELETE CASCADE,
      title text NOT NULL,
      author text,
      cover_key text,
      narrator_voice_id text NOT NULL,
      block_pause_ms integer NOT NULL DEFAULT 400,
      chapter_pause_ms integer NOT NULL DEFAULT 2000,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX projects_by_user ON projects (user_id, updated_at DESC);

    CREATE TABLE project_chapters (
      id text PRIMARY KEY,
      project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      position integer NOT NULL,
      title text NOT NULL
    );
    CREATE INDEX project_chapters_by_project ON project_chapters (project_id, position);

    CREATE TABLE project_blocks (
      id text PRIMARY KEY,
      project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      chapter_id text NOT NULL REFERENCES project_chapters (id) ON DELETE CASCADE,
      position integer NOT NULL,
      text text NOT NULL,
      speaker text,
      voice_id text,
      speed real NOT NULL DEFAULT 1,
      state text NOT NULL DEFAULT 'new' CHECK (state IN ('new', 'queued', 'done', 'failed')),
      render_task_id text,
      render_hash text,
      rendered_hash text,
      audio_task_id text,
      audio_key text,
      duration_ms integer,
      error_code text
    );
    CREATE INDEX project_blocks_by_chapter ON project_blocks (chapter_id, position);
    CREATE INDEX project_blocks_by_project ON project_blocks (project_id);
    CREATE INDEX project_blocks_queued ON project_blocks (project_id) WHERE state = 'queued';
    CREATE INDEX project_blocks_by_task ON project_blocks (render_task_id) WHERE render_task_id IS NOT NULL;

    CREATE TABLE project_speakers (
      project_id text NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      name text NOT NULL,
      voice_id text,
      PRIMARY KEY (project_id, name)
    );
  `,
};
