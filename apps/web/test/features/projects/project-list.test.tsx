import type { ProjectSummary } from '@sayso/contract/projects';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProjectList } from '@/features/projects/components/project-list';
import {
  clearUserCookie,
  json,
  renderDashboard,
  setUserCookie,
  signedInUser,
  stubApi,
} from '../../support/render-dashboard';

const me = () => json({ ...signedInUser, displayName: 'Ada', credits: 10_000, balance: 0 });

const summary = (overrides: Partial<ProjectSummary> = {}): ProjectSummary => ({
  id: 'p1',
  title: 'Salt & Light',
  author: 'Mara Quill',
  chapters: 3,
  characters: 1234,
  created_at: '2026-11-28T00:00:00.000Z',
  updated_at: '2026-11-28T00:00:00.000Z',
  ...overrides,
});

beforeEach(() => setUserCookie());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

const renderList = () => renderDashboard(<ProjectList />, { route: '/projects' });

describe('the projects list', () => {
  it('says there are none yet', { timeout: 20_000 }, async () => {
    stubApi({ 'GET /api/me': me, 'GET /api/projects': () => json({ projects: [] }) });
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Loading your projects…');
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
  });

  it('shows a failure with a way to try again', { timeout: 20_000 }, async () => {
    let fail = true;
    stubApi({
      'GET /api/me': me,
      'GET /api/projects': () =>
        fail ? json({ error: 'Internal server error', code: 'INTERNAL' }, 500) : json({ projects: [summary()] }),
    });
    const { user } = renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Salt & Light' })).toHaveAttribute('href', '/projects/p1');
    expect(screen.getByRole('listitem', { name: 'Salt & Light' })).toHaveTextContent(
      'Mara Quill · 3 chapters · 1,234 characters',
    );
  });

  it('renames a project and shows the new title', { timeout: 20_000 }, async () => {
    let title = 'Salt & Light';
    let sent: unknown = null;
    stubApi({
      'GET /api/me': me,
      'GET /api/projects': () => json({ projects: [summary({ title })] }),
      'PATCH /api/projects/p1': (init) => {
        sent = JSON.parse(String(init?.body));
        title = 'Salt and Light';
        return json({ id: 'p1', title, chapters: [] });
      },
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Rename Salt & Light' }));
    const input = screen.getByLabelText('New title');
    await user.clear(input);
    await user.type(input, 'Salt and Light');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('link', { name: 'Salt and Light' })).toBeInTheDocument();
    expect(sent).toEqual({ title: 'Salt and Light' });
    expect(screen.queryByLabelText('New title')).not.toBeInTheDocument();
  });

  it('deletes only after the confirmation, and keeps it when told to', { timeout: 20_000 }, async () => {
    let deleted = 0;
    stubApi({
      'GET /api/me': me,
      'GET /api/projects': () => json({ projects: deleted ? [] : [summary()] }),
      'DELETE /api/projects/p1': () => {
        deleted += 1;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Delete Salt & Light' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this project?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Delete Salt & Light' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this project?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete project' }));
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
    expect(deleted).toBe(1);
  });
});
