import type { SetupChecklist } from '@sayso/contract/setup';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderAdminPanel, signedInAdmin, stubAdminApi, userPage } from '../../app/routes/render-admin';

// The first render of a file also loads Radix and the icons; on a busy machine that can pass one second.
const SLOW = { timeout: 5_000 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FRESH: SetupChecklist = {
  complete: false,
  items: [
    {
      id: 'natural-voices',
      state: 'todo',
      title: 'Natural voices',
      detail: 'Only eSpeak voices are installed. Install natural voices on the Models page.',
      link: 'models',
    },
    { id: 'chat-number', state: 'todo', title: 'Chat number for top-ups', detail: 'Set CHAT_NUMBER.', link: null },
    { id: 'support-email', state: 'done', title: 'Support address', detail: 'Users write to help@x.com.', link: null },
    { id: 'public-url', state: 'done', title: 'Public address', detail: 'Links point here.', link: null },
    { id: 'licences', state: 'done', title: 'Model licences', detail: 'No models are installed.', link: 'models' },
    {
      id: 'provider-keys',
      state: 'info',
      title: 'Cloud providers (optional)',
      detail: 'Sayso works without them.',
      link: null,
    },
  ],
};

const DONE: SetupChecklist = {
  complete: true,
  items: FRESH.items.map((item) => (item.state === 'todo' ? { ...item, state: 'done' } : item)),
};

function openPanel(checklist: SetupChecklist) {
  stubAdminApi({
    'GET /api/admin/session': signedInAdmin,
    'GET /api/admin/users': () => userPage([]),
    'GET /api/admin/setup': () => json(checklist),
  });
  return renderAdminPanel();
}

describe('the setup checklist on the admin panel', () => {
  it('is open while something is left to do, says what to do, and links to the Models page', async () => {
    openPanel(FRESH);
    const checklist = await screen.findByTestId('setup-checklist', {}, SLOW);
    expect(within(checklist).getByRole('heading', { name: 'Finish setting up' })).toBeInTheDocument();
    expect(checklist).toHaveTextContent('2 things to do before you sell speech.');
    expect(checklist).toHaveTextContent('Install natural voices on the Models page.');
    expect(checklist).toHaveTextContent('Set CHAT_NUMBER.');
    const models = within(checklist).getAllByRole('link', { name: /Open the Models page/ });
    // Only the item still to do links there, not the done licence item.
    expect(models).toHaveLength(1);
    expect(models[0]).toHaveAttribute('href', '/admin-panel/models');
    expect(within(checklist).getByText('Cloud providers (optional)')).toBeInTheDocument();
  });

  it('collapses to one line once everything is done, and staff can reopen it', async () => {
    const { user } = openPanel(DONE);
    const checklist = await screen.findByTestId('setup-checklist', {}, SLOW);
    expect(within(checklist).getByRole('heading', { name: 'Setup complete' })).toBeInTheDocument();
    expect(within(checklist).queryByRole('list')).toBeNull();
    await user.click(within(checklist).getByRole('button', { name: 'Show checklist' }));
    expect(within(checklist).getAllByRole('listitem')).toHaveLength(6);
    await user.click(within(checklist).getByRole('button', { name: 'Hide checklist' }));
    expect(within(checklist).queryByRole('list')).toBeNull();
  });

  it('stays out of the way when it cannot be loaded', async () => {
    stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users': () => userPage([]),
      'GET /api/admin/setup': () => json({ error: 'Internal error' }, 500),
    });
    renderAdminPanel();
    await screen.findByRole('heading', { name: 'Welcome, Sam Staff' }, SLOW);
    await screen.findByText('0 users in total', {}, SLOW);
    expect(screen.queryByTestId('setup-checklist')).toBeNull();
  });
});
