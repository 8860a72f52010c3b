import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, renderAdminPanel, stubAdminApi, userPage } from '../../app/routes/render-admin';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = { username: 'root', name: 'Admin' };
const oneTimeSession = () => json({ admin, mustChangePassword: true });
const openSession = () => json({ admin, mustChangePassword: false });
const NEW_PASSWORD = 'a brand new admin password';

/** The panel as it opens for a session signed in with a one-time password. */
async function openWithOneTimeSession(routes: Parameters<typeof stubAdminApi>[0] = {}) {
  const api = stubAdminApi({
    'GET /api/admin/session': oneTimeSession,
    'GET /api/admin/users': () => userPage([]),
    ...routes,
  });
  const view = renderAdminPanel();
  await screen.findByRole('heading', { name: 'Choose a new password' });
  return { ...view, api };
}

describe('choosing a new password after a one-time password', () => {
  it('shows only the new-password form, focused, and loads nothing else', async () => {
    const { api } = await openWithOneTimeSession();
    expect(screen.getByLabelText('New password')).toHaveFocus();
    expect(screen.getByLabelText('New password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.queryByRole('heading', { name: /Welcome/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/users')).toHaveLength(0);
  });

  it('checks the password rules and the confirmation before calling the server', async () => {
    const { api, user } = await openWithOneTimeSession();
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a new password');

    await user.type(screen.getByLabelText('New password'), 'too short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Admin passwords need at least 12 characters');
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('New password')).toHaveFocus();

    await user.clear(screen.getByLabelText('New password'));
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), `${NEW_PASSWORD}!`);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The two passwords do not match');
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(api.callsTo('POST /api/admin/password')).toHaveLength(0);
  });

  it('is used from the keyboard alone, shows that it is busy, then opens the panel', async () => {
    let answer: (response: Response) => void = () => {};
    const { api, user } = await openWithOneTimeSession({
      'POST /api/admin/password': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.keyboard(NEW_PASSWORD);
    await user.tab();
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    await user.keyboard(`${NEW_PASSWORD}{Enter}`);

    const busy = await screen.findByRole('button', { name: 'Saving…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(api.callsTo('POST /api/admin/password')[0]?.body).toEqual({ password: NEW_PASSWORD });

    answer(openSession());
    expect(await screen.findByRole('heading', { name: 'Welcome, Admin' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET /api/admin/users').length).toBeGreaterThan(0));
  });

  it("shows the server's refusal and lets the admin try again", async () => {
    const { user } = await openWithOneTimeSession({
      'POST /api/admin/password': () => json({ error: 'Choose a password different from the one-time password' }, 400),
    });
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Choose a password different from the one-time password',
    );
    expect(screen.getByRole('button', { name: 'Save new password' })).toBeEnabled();
  });

  it('goes back to the login form when the session ended meanwhile', async () => {
    const { user } = await openWithOneTimeSession({
      'POST /api/admin/password': () => json({ error: 'Admin authentication required' }, 401),
    });
    await user.type(screen.getByLabelText('New password'), NEW_PASSWORD);
    await user.type(screen.getByLabelText('Confirm new password'), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
  });
});
