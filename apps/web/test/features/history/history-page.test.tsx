import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HistoryPage from '@/app/routes/history-page';
import { clearUserCookie, json, renderDashboard, setUserCookie, signedInUser } from '../../support/render-dashboard';
import { historyItem, historyPage, stubRoutes } from './history-fixtures';

const me = () => json({ ...signedInUser, credits: 10_000, balance: 0 });

beforeEach(() => setUserCookie());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

describe('/history', () => {
  it('shows an empty history with the way to both studios, and the storage used', async () => {
    stubRoutes({ 'GET /api/me': me, 'GET /api/history': () => json(historyPage([], { retention_days: 30 })) });
    renderDashboard(<HistoryPage />, { route: '/history' });
    expect(await screen.findByText('No generations yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the preset studio' })).toHaveAttribute('href', '/dashboard2');
    expect(screen.getByRole('link', { name: 'Open the clone studio' })).toHaveAttribute('href', '/dashboard3');
    expect(screen.getByTestId('storage-used')).toHaveTextContent('1.5 MB used of 1.0 GB');
    expect(screen.getByText(/Audio is deleted 30 days after it is made/)).toBeInTheDocument();
    // Nothing to search in yet.
    expect(screen.queryByLabelText('Search text')).not.toBeInTheDocument();
  });

  it('lists each generation with its voice, cost, source, state and actions', async () => {
    const done = historyItem();
    const cloned = historyItem({
      id: 'b'.repeat(32),
      excerpt: 'Spoken by my own voice.',
      voice_id: 'mine',
      voice_name: 'My voice',
      cloned: true,
      source: 'clone',
      has_timeline: false,
    });
    const rendering = historyItem({
      id: 'c'.repeat(32),
      excerpt: 'Still being made.',
      status: 'processing',
      progress: 40,
      source: 'api',
      api_key_name: 'Audiobook script',
      audio_url: null,
      mp3_url: null,
      srt_url: null,
      vtt_url: null,
      duration_ms: null,
    });
    const failed = historyItem({
      id: 'd'.repeat(32),
      excerpt: 'This one failed.',
      status: 'failed',
      error: 'The engine stopped.',
      credits_charged: 0,
      audio_url: null,
      mp3_url: null,
      srt_url: null,
      vtt_url: null,
    });
    stubRoutes({
      'GET /api/me': me,
      'GET /api/history': () => json(historyPage([rendering, cloned, done, failed], { total: 24 })),
    });
    renderDashboard(<HistoryPage />, { route: '/history' });

    const items = await screen.findAllByTestId('history-item');
    expect(items).toHaveLength(4);
    const [first, second, third, fourth] = items.map((item) => within(item));
    expect(first?.getByText('Rendering')).toBeInTheDocument();
    expect(first?.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(first?.getByText('API key "Audiobook script"')).toBeInTheDocument();
    expect(first?.getByRole('button', { name: /^Delete/ })).toBeDisabled();
    expect(second?.getByText('Cloned')).toBeInTheDocument();
    expect(second?.getByText('Clone studio')).toBeInTheDocument();
    expect(second?.queryByRole('link', { name: /Open timeline/ })).not.toBeInTheDocument();
    expect(third?.getByText('Preset studio')).toBeInTheDocument();
    expect(third?.getByText('29 characters · 29 credits')).toBeInTheDocument();
    expect(third?.getByText('kokoro · kokoro-82m')).toBeInTheDocument();
    expect(third?.getByRole('button', { name: 'Play Hello from the preset studio.' })).toBeInTheDocument();
    expect(third?.getByRole('link', { name: 'Download MP3 of Hello from the preset studio.' })).toHaveAttribute(
      'href',
      done.mp3_url,
    );
    expect(third?.getByRole('link', { name: /Open timeline/ })).toHaveAttribute('href', `/history/${done.id}`);
    expect(fourth?.getByText('The engine stopped.')).toBeInTheDocument();
    expect(fourth?.queryByRole('link', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('asks the server for the next page, and for the search once typing pauses', async () => {
    const api = stubRoutes({
      'GET /api/me': me,
      'GET /api/history': (url) =>
        json(historyPage([historyItem()], { total: 15, page: Number(url.searchParams.get('page') ?? 1) })),
    });
    const { user } = renderDashboard(<HistoryPage />, { route: '/history' });
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.type(screen.getByLabelText('Search text'), 'hello');
    await waitFor(() => expect(api.calls('/api/history').at(-1)?.searchParams.get('q')).toBe('hello'));
    // One request for the whole word, not one per letter, and back to the first page.
    expect(api.calls('/api/history').filter((url) => url.searchParams.has('q'))).toHaveLength(1);
    expect(api.calls('/api/history').at(-1)?.searchParams.get('page')).toBe('1');
  });

  it('filters by voice, status and source, and says when nothing matches', async () => {
    const api = stubRoutes({
      'GET /api/me': me,
      'GET /api/history': (url) =>
        json(url.searchParams.has('status') ? historyPage([]) : historyPage([historyItem()])),
    });
    const { user } = renderDashboard(<HistoryPage />, { route: '/history' });
    await screen.findAllByTestId('history-item');
    await user.selectOptions(screen.getByLabelText('Voice'), 'My voice (cloned)');
    await user.selectOptions(screen.getByLabelText('Source'), 'Clone studio');
    await user.selectOptions(screen.getByLabelText('Status'), 'Failed');
    expect(await screen.findByText('No generations match')).toBeInTheDocument();
    const last = api.calls('/api/history').at(-1);
    expect(Object.fromEntries(last?.searchParams ?? [])).toMatchObject({
      voice: 'mine',
      source: 'clone',
      status: 'failed',
    });

    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(await screen.findAllByTestId('history-item')).toHaveLength(1);
    expect(screen.getByLabelText('Status')).toHaveValue('');
  });

  it('shows why the list could not be loaded, and loads it again on Retry', async () => {
    let fail = true;
    stubRoutes({
      'GET /api/me': me,
      'GET /api/history': () => (fail ? json({ error: 'Storage is offline.' }, 503) : json(historyPage([]))),
    });
    const { user } = renderDashboard(<HistoryPage />, { route: '/history' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Storage is offline.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No generations yet')).toBeInTheDocument();
  });

  it('deletes a generation after a confirmation, and the list is read again', async () => {
    let items = [historyItem()];
    const api = stubRoutes({
      'GET /api/me': me,
      'GET /api/history': () => json(historyPage(items)),
      [`DELETE /api/history/${'a'.repeat(32)}`]: () => {
        items = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderDashboard(<HistoryPage />, { route: '/history' });
    await user.click(await screen.findByRole('button', { name: 'Delete Hello from the preset studio.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this generation?' });
    expect(dialog).toHaveTextContent('The credits it cost are not refunded.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete generation' }));
    expect(await screen.findByText('No generations yet')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls(`/api/history/${'a'.repeat(32)}`)).toHaveLength(1);
  });
});
