import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HistoryTimelinePage from '@/app/routes/history-timeline-page';
import { clearUserCookie, json, renderDashboard, setUserCookie, signedInUser } from '../../support/render-dashboard';
import { historyItem, stubRoutes, timelineOf } from './history-fixtures';

const ID = 'a'.repeat(32);
const SENTENCES = ['The first sentence.', 'The second one is wrong.', 'The third sentence.'];

beforeEach(() => setUserCookie());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

function renderTimeline() {
  return renderDashboard(<p>elsewhere</p>, {
    route: `/history/${ID}`,
    routes: { '/history/:id': <HistoryTimelinePage /> },
  });
}

describe('/history/:id, the sentence timeline', () => {
  it('lists the sentences with their start times and says that cached sentences are still charged', async () => {
    stubRoutes({
      'GET /api/me': () => json({ ...signedInUser, credits: 10_000 }),
      [`GET /api/history/${ID}/timeline`]: () => json(timelineOf(historyItem({ id: ID }), SENTENCES)),
    });
    renderTimeline();
    const rows = await screen.findAllByTestId('timeline-sentence');
    expect(rows.map((row) => within(row).getByTestId('sentence-text').textContent)).toEqual(SENTENCES);
    expect(rows.map((row) => within(row).getByTestId('sentence-start').textContent)).toEqual([
      '00:00.0',
      '00:02.0',
      '00:04.2',
    ]);
    expect(
      screen.getByText(
        /Unchanged sentences come from the cache, so regenerating is faster, but every sentence is still charged\./,
      ),
    ).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Play sentence 1' })).toBeInTheDocument();
    // This engine has no seeds: no "Another take".
    expect(screen.queryByRole('button', { name: /Another take/ })).not.toBeInTheDocument();
  });

  it('regenerates one sentence with edited text, charging its characters, and reads the credits again', async () => {
    const edited = 'The second one is right now.';
    let credits = 10_000;
    let body: unknown = null;
    const api = stubRoutes({
      'GET /api/me': () => json({ ...signedInUser, credits }),
      [`GET /api/history/${ID}/timeline`]: () => json(timelineOf(historyItem({ id: ID }), SENTENCES)),
      [`POST /api/history/${ID}/sentences/1/takes`]: async (_url, init) => {
        body = JSON.parse(String(init?.body));
        credits -= edited.length;
        const timeline = timelineOf(historyItem({ id: ID }), [SENTENCES[0] ?? '', edited, SENTENCES[2] ?? '']);
        return json({ timeline, credits_charged: edited.length, cached: false });
      },
    });
    const { user } = renderTimeline();
    await screen.findByRole('button', { name: '10,000 credits' });
    await user.click(await screen.findByRole('button', { name: 'Regenerate sentence 2' }));
    const editor = screen.getByLabelText('Text of sentence 2');
    expect(editor).toHaveValue(SENTENCES[1]);
    await user.clear(editor);
    await user.type(editor, edited);
    await user.click(screen.getByRole('button', { name: `Regenerate (${edited.length} credits)` }));

    await waitFor(() => expect(screen.getAllByTestId('sentence-text')[1]).toHaveTextContent(edited));
    expect(body).toEqual({ text: edited });
    expect(screen.getAllByTestId('sentence-start')[2]).toHaveTextContent('00:04.4');
    expect(
      await screen.findByRole('button', { name: `${(10_000 - edited.length).toLocaleString('en-US')} credits` }),
    ).toBeInTheDocument();
    expect(api.calls('/api/me').length).toBeGreaterThan(1);
  });

  it('shows a refused regeneration beside its sentence', async () => {
    stubRoutes({
      'GET /api/me': () => json({ ...signedInUser, credits: 3 }),
      [`GET /api/history/${ID}/timeline`]: () => json(timelineOf(historyItem({ id: ID }), SENTENCES)),
      [`POST /api/history/${ID}/sentences/0/takes`]: () => json({ error: 'Insufficient credits.' }, 402),
    });
    const { user } = renderTimeline();
    await user.click(await screen.findByRole('button', { name: 'Regenerate sentence 1' }));
    // Edited: unchanged words are not offered on this engine (it has no seeds).
    await user.type(screen.getByLabelText('Text of sentence 1'), ' Again');
    await user.click(screen.getByRole('button', { name: /^Regenerate \(/ }));
    const row = screen.getAllByTestId('timeline-sentence')[0] as HTMLElement;
    expect(await within(row).findByRole('alert')).toHaveTextContent('Insufficient credits.');
  });

  it('offers another take when the engine has seeds, and lets the user choose among the takes', async () => {
    const timeline = { ...timelineOf(historyItem({ id: ID }), SENTENCES), seeds: true };
    const first = timeline.sentences[0];
    if (!first) throw new Error('no sentence');
    const older = first.takes[0];
    if (!older) throw new Error('no take');
    first.takes = [
      { ...older, chosen: false },
      { ...older, id: 'newer', seed: 7, chosen: true, audio_url: `/api/history/${ID}/takes/newer/audio.mp3` },
    ];
    let chosen: string | null = null;
    stubRoutes({
      'GET /api/me': () => json({ ...signedInUser, credits: 10_000 }),
      [`GET /api/history/${ID}/timeline`]: () => json(timeline),
      [`POST /api/history/${ID}/takes/take0/choose`]: () => {
        chosen = 'take0';
        return json({
          ...timeline,
          sentences: [{ ...first, takes: [{ ...older, chosen: true }] }, ...timeline.sentences.slice(1)],
        });
      },
    });
    const { user } = renderTimeline();
    expect(
      await screen.findByRole('button', { name: `Another take (${SENTENCES[0]?.length} credits) of sentence 1` }),
    ).toBeInTheDocument();
    const takes = screen.getByRole('list', { name: 'Takes of sentence 1' });
    expect(within(takes).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(takes).getByRole('button', { name: 'Use this take (take 1 of sentence 1)' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Takes of sentence 1' })).not.toBeInTheDocument());
    expect(chosen).toBe('take0');
  });

  it('says plainly when the generation is not there', async () => {
    stubRoutes({
      'GET /api/me': () => json({ ...signedInUser, credits: 10_000 }),
      [`GET /api/history/${ID}/timeline`]: () => json({ error: 'Generation not found.' }, 404),
    });
    renderTimeline();
    expect(await screen.findByText('Generation not found.')).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).getByRole('link', { name: 'Back to history' })).toHaveAttribute(
      'href',
      '/history',
    );
  });
});
