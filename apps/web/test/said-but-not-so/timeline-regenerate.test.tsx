import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import HistoryTimelinePage from '@/app/routes/history-timeline-page';
import { clearUserCookie, json, renderDashboard, setUserCookie, signedInUser } from '../support/render-dashboard';
import { historyItem, stubRoutes, timelineOf } from '../features/history/history-fixtures';

const ID = 'b'.repeat(32);
const SENTENCES = ['The first sentence.', 'The second one.'];

beforeEach(() => setUserCookie());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

function renderTimeline(seeds: boolean, onRegenerate: (body: unknown) => void) {
  const timeline = { ...timelineOf(historyItem({ id: ID }), SENTENCES), seeds };
  stubRoutes({
    'GET /api/me': () => json({ ...signedInUser, credits: 10_000 }),
    [`GET /api/history/${ID}/timeline`]: () => json(timeline),
    [`POST /api/history/${ID}/sentences/0/takes`]: (_url, init) => {
      onRegenerate(JSON.parse(String(init?.body)));
      return json({ timeline, credits_charged: SENTENCES[0]?.length ?? 0, cached: false });
    },
  });
  return renderDashboard(<p>elsewhere</p>, {
    route: `/history/${ID}`,
    routes: { '/history/:id': <HistoryTimelinePage /> },
  });
}

describe('regenerating a timeline sentence whose words are unchanged', { timeout: 20_000 }, () => {
  it('is not offered on a deterministic engine: the same words would be the same audio, charged again', async () => {
    const bodies: unknown[] = [];
    const { user } = renderTimeline(false, (body) => bodies.push(body));
    await user.click(await screen.findByRole('button', { name: 'Regenerate sentence 1' }));
    const submit = screen.getByRole('button', { name: /^Regenerate \(/ });
    expect(submit).toBeDisabled();
    expect(screen.getByTestId('unchanged-sentence')).toHaveTextContent(
      'This voice says the same words the same way every time: edit them to regenerate the sentence.',
    );
    await user.click(submit);
    expect(bodies).toEqual([]);

    await user.type(screen.getByLabelText('Text of sentence 1'), ' Again');
    expect(screen.getByRole('button', { name: /^Regenerate \(/ })).toBeEnabled();
    expect(screen.queryByTestId('unchanged-sentence')).toBeNull();
  });

  it('asks for another take with a new seed on an engine that takes one, rather than the same words again', async () => {
    const bodies: unknown[] = [];
    const { user } = renderTimeline(true, (body) => bodies.push(body));
    await user.click(await screen.findByRole('button', { name: 'Regenerate sentence 1' }));
    await user.click(screen.getByRole('button', { name: `Another take (${SENTENCES[0]?.length} credits)` }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    // No text: the server picks a new seed for the same words.
    expect(bodies[0]).toEqual({});
  });
});
