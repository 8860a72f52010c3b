import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, use, useLayoutEffect } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type SearchParamChanges, useSearchParamChanges } from '@/lib/use-search-param-changes';

afterEach(cleanup);

type Change = (changes: SearchParamChanges) => void;

/** A page part that is still loading for every address but the first. */
function SlowPart({ firstSearch, loading }: { firstSearch: string; loading: Promise<void> }) {
  if (useLocation().search !== firstSearch) use(loading);
  return null;
}

function Page({
  firstSearch,
  loading,
  onCommit,
}: {
  firstSearch: string;
  loading: Promise<void>;
  onCommit: (change: Change) => void;
}) {
  const [params, change] = useSearchParamChanges();
  // Handed out when the render commits, as a button's click handler would be: a render that React
  // starts for a held navigation and throws away must not hand it out.
  useLayoutEffect(() => onCommit(change));
  return (
    <>
      <p data-testid="rendered">{params.toString()}</p>
      <SlowPart firstSearch={firstSearch} loading={loading} />
    </>
  );
}

/**
 * While the slow part loads, React holds the router's navigation (a transition) back and the page
 * keeps rendering the old address, as the history page does while a new row's player loads.
 */
function setUp(firstAddress: string) {
  let release = () => {};
  const loading = new Promise<void>((resolve) => {
    release = resolve;
  });
  let committedChange: Change = () => {};
  const page = (
    <Page
      firstSearch={new URL(firstAddress, 'http://localhost').search}
      loading={loading}
      onCommit={(change) => {
        committedChange = change;
      }}
    />
  );
  const router = createMemoryRouter(
    [{ path: '/history', element: <Suspense fallback={<p>Loading</p>}>{page}</Suspense> }],
    { initialEntries: [firstAddress] },
  );
  render(<RouterProvider router={router} />);
  return { router, change: (changes: SearchParamChanges) => act(() => committedChange(changes)), release };
}

describe('useSearchParamChanges', () => {
  it('keeps a change that has not rendered yet when another follows it', async () => {
    const { router, change, release } = setUp('/history?voice=mine&page=2');
    expect(screen.getByTestId('rendered')).toHaveTextContent('voice=mine&page=2');

    await change({ voice: undefined, page: undefined });
    // The navigation waits for the loading part: the page still shows the old address.
    expect(screen.getByTestId('rendered')).toHaveTextContent('voice=mine&page=2');
    await change({ source: 'preset' });

    await act(async () => release());
    expect(router.state.location.search).toBe('?source=preset');
    expect(screen.getByTestId('rendered')).toHaveTextContent(/^source=preset$/);
  });

  it('starts from the address again once it moves by other means', async () => {
    const { router, change, release } = setUp('/history?status=done');
    await act(async () => release());
    await change({ status: 'failed' });
    expect(router.state.location.search).toBe('?status=failed');

    await act(() => router.navigate('/history?voice=mine'));
    await change({ source: 'clone' });
    expect(router.state.location.search).toBe('?voice=mine&source=clone');
  });
});
