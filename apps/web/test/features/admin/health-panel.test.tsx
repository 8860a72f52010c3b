import type { HealthReport } from '@sayso/contract/site';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminPanelPage from '@/app/routes/admin-panel-page';
import { json, signedInAdmin, stubAdminApi } from '../../app/routes/render-admin';

// The first render of a file also loads Radix and the icons; on a busy machine that can pass one second.
const SLOW = { timeout: 5_000 };

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const HEALTHY: HealthReport = {
  status: 'ok',
  version: '1.4.0',
  database: { status: 'up', kind: 'pglite' },
  queue: { status: 'up', depth: { waiting: 2, running: 1, oldestWaitingSeconds: 90 } },
  storage: { status: 'up', kind: 'local', location: '/srv/sayso/data/files' },
  engines: [
    { id: 'espeak', status: 'up', serves: ['clone'] },
    { id: 'sherpa', status: 'up', serves: ['preset'] },
  ],
  models: {
    count: 2,
    installed: [
      { name: 'gtcrn-simple', title: 'GTCRN denoiser', role: 'denoiser', serves: [] },
      { name: 'kokoro-en-v0_19', title: 'Kokoro English', role: 'preset', serves: ['preset'] },
    ],
  },
  versions: { product: '1.4.0', node: 'v20.19.0', database: 'PostgreSQL 17.4' },
  process: { uptimeSeconds: 2 * 3600 + 5 * 60 + 7, rssBytes: 182 * 1024 * 1024 },
};

const DATABASE_GONE: HealthReport = {
  ...HEALTHY,
  status: 'degraded',
  database: { status: 'down', kind: 'postgres', detail: 'connect ECONNREFUSED 10.0.0.5:5432' },
  queue: { status: 'down', detail: 'job schema is not installed', depth: null },
  engines: [
    { id: 'espeak', status: 'up', serves: ['preset', 'clone'] },
    {
      id: 'sherpa',
      status: 'down',
      detail: 'no models are installed in /srv/sayso/data/models: install one with npm run models',
      serves: [],
    },
  ],
  models: { count: 0, installed: [] },
  versions: { ...HEALTHY.versions, database: null },
};

/** The admin panel opened at /admin-panel/health, with a fresh query cache. */
function openHealth(health: (call: number) => Response | Promise<Response>) {
  let calls = 0;
  const api = stubAdminApi({
    'GET /api/admin/session': signedInAdmin,
    'GET /api/admin/health': () => {
      calls += 1;
      return health(calls);
    },
  });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } },
  });
  // Under fake timers (which still move with the wall clock) user-event must move them too.
  const user = userEvent.setup(vi.isFakeTimers() ? { advanceTimers: vi.advanceTimersByTime } : {});
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin-panel/health']}>
        <Routes>
          <Route path="/admin-panel" element={<AdminPanelPage />} />
          <Route path="/admin-panel/health" element={<AdminPanelPage />} />
          <Route path="/admin-panel/models" element={<p>Models page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user, healthCalls: () => api.callsTo('GET /api/admin/health').length };
}

const region = (name: string) => screen.getByRole('region', { name });

describe('the Health page of the admin panel', () => {
  it('shows that it is checking, then the verdict and every part in plain words', async () => {
    let answer: ((response: Response) => void) | undefined;
    openHealth(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    expect(await screen.findByText('Checking the server…', {}, SLOW)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Health' })).toBeInTheDocument();
    await vi.waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer?.(json(HEALTHY)));

    const verdict = await screen.findByRole('region', { name: 'All good' }, SLOW);
    expect(verdict).toHaveTextContent(
      'The database, the speech queue and file storage are working. Every speech engine is up.',
    );
    const engines = region('Speech engines');
    const [espeak, models] = within(engines).getAllByRole('listitem');
    expect(espeak).toHaveTextContent('eSpeak NG');
    expect(espeak).toHaveTextContent('Serves the clone studio (/dashboard3).');
    expect(models).toHaveTextContent('Local neural engine');
    expect(models).toHaveTextContent('Serves the preset studio (/dashboard2).');

    const queue = region('Speech queue');
    expect(queue).toHaveTextContent('Up');
    expect(queue).toHaveTextContent('Waiting2 tasks');
    expect(queue).toHaveTextContent('Being made now1 task');
    expect(queue).toHaveTextContent('Longest wait1 min 30 s');

    expect(region('Database')).toHaveTextContent('KindEmbedded (PGlite)');
    expect(region('Database')).toHaveTextContent('VersionPostgreSQL 17.4');
    expect(region('Storage')).toHaveTextContent('KindA folder on this machine');
    expect(region('Storage')).toHaveTextContent('Where/srv/sayso/data/files');

    const installed = region('Models');
    expect(installed).toHaveTextContent('2 speech models are installed.');
    const [denoiser, kokoro] = within(installed).getAllByRole('listitem');
    expect(denoiser).toHaveTextContent('Cleans uploaded voice samples');
    expect(kokoro).toHaveTextContent('Kokoro English');
    expect(kokoro).toHaveTextContent('Preset voices');
    expect(kokoro).toHaveTextContent('Serves the preset studio (/dashboard2).');
    expect(within(installed).getByRole('link', { name: 'Open the Models page' })).toHaveAttribute(
      'href',
      '/admin-panel/models',
    );

    const versions = region('Versions');
    expect(versions).toHaveTextContent('Sayso1.4.0');
    expect(versions).toHaveTextContent('Node.jsv20.19.0');
    expect(versions).toHaveTextContent('DatabasePostgreSQL 17.4 (embedded PGlite)');
    expect(versions).toHaveTextContent('Running for2 h 5 min');
    expect(versions).toHaveTextContent('Memory in use182 MB');

    // The top bar marks where staff are.
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Health' })).toHaveAttribute('aria-current', 'page');
    // Role queries over the whole page are slow in jsdom on a busy machine.
  }, 20_000);

  it('says what is down and why when the server is degraded', async () => {
    openHealth(() => json(DATABASE_GONE));
    const verdict = await screen.findByRole('region', { name: 'Degraded' }, SLOW);
    expect(verdict).toHaveTextContent(
      'The database and the speech queue are not working, so users may not be able to sign in, make speech or play their audio.',
    );
    expect(region('Database')).toHaveTextContent('Down');
    expect(region('Database')).toHaveTextContent('Why: connect ECONNREFUSED 10.0.0.5:5432');
    expect(region('Database')).toHaveTextContent('KindPostgreSQL server');
    expect(region('Database')).toHaveTextContent('VersionUnknown while it does not answer');
    expect(region('Speech queue')).toHaveTextContent('Why: job schema is not installed');
    expect(region('Speech queue')).toHaveTextContent('The queue cannot be read while the database is down.');
    const neural = within(region('Speech engines')).getAllByRole('listitem')[1];
    expect(neural).toHaveTextContent('Down');
    expect(neural).toHaveTextContent('Serves no studio now.');
    expect(neural).toHaveTextContent('Why: no models are installed in /srv/sayso/data/models');
    expect(region('Models')).toHaveTextContent('No speech models are installed: the studios speak with eSpeak NG.');
  }, 20_000);

  it('names an engine that is down in the verdict, while the rest works', async () => {
    openHealth(() => json({ ...DATABASE_GONE, status: 'ok', database: HEALTHY.database, queue: HEALTHY.queue }));
    const verdict = await screen.findByRole('region', { name: 'All good' }, SLOW);
    expect(verdict).toHaveTextContent(
      'Local neural engine is down; the studios use the engines that are up (see Speech engines).',
    );
  });

  it('offers to try again when the first check fails, and shows the report once it answers', async () => {
    const { user, healthCalls } = openHealth((call) =>
      call === 1 ? json({ error: 'Internal error', code: 'INTERNAL' }, 500) : json(HEALTHY),
    );
    const failed = await screen.findByRole('alert', {}, SLOW);
    expect(failed).toHaveTextContent("Couldn't check the server's health");
    expect(failed).toHaveTextContent('Internal error');
    await user.click(within(failed).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'All good' }, SLOW);
    expect(healthCalls()).toBe(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads the report again every 5 seconds and says how old the one on screen is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { healthCalls } = openHealth((call) =>
      json(
        call === 1
          ? HEALTHY
          : { ...HEALTHY, queue: { ...HEALTHY.queue, depth: { waiting: 0, running: 0, oldestWaitingSeconds: null } } },
      ),
    );
    await screen.findByRole('region', { name: 'All good' }, SLOW);
    expect(screen.getByTestId('health-updated')).toHaveTextContent('Updated just now');
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(screen.getByTestId('health-updated')).toHaveTextContent('Updated 3 s ago');
    expect(healthCalls()).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(2_100));
    await vi.waitFor(() => expect(region('Speech queue')).toHaveTextContent('Longest waitNo task is waiting'));
    expect(healthCalls()).toBe(2);
    expect(screen.getByTestId('health-updated')).toHaveTextContent('Updated just now');
  });

  it('keeps the last report on screen when a refresh fails, says so, and recovers by itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    openHealth((call) => (call === 2 ? json({ error: 'Bad gateway', code: 'INTERNAL' }, 502) : json(HEALTHY)));
    await screen.findByRole('region', { name: 'All good' }, SLOW);
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    const failed = await screen.findByRole('alert', {}, SLOW);
    expect(failed).toHaveTextContent("Couldn't refresh the report; the last one read is shown below.");
    expect(failed).toHaveTextContent('Bad gateway');
    expect(region('Speech queue')).toHaveTextContent('Waiting2 tasks');
    await act(() => vi.advanceTimersByTimeAsync(5_100));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('reads the report at once on Refresh', async () => {
    const { user, healthCalls } = openHealth(() => json(HEALTHY));
    await screen.findByRole('region', { name: 'All good' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(healthCalls()).toBe(2));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled());
  });

  it('goes back to the login form when the staff session has ended', async () => {
    openHealth(() => json({ error: 'Admin authentication required', code: 'ADMIN_REQUIRED' }, 401));
    expect(await screen.findByLabelText('Username', {}, SLOW)).toBeInTheDocument();
  });
});
