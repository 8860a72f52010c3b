import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toasts } from '@/features/admin/components/toasts';
import { useToast } from '@/features/admin/hooks/use-toast';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Announcer() {
  const toast = useToast();
  let searches = 0;
  return (
    <>
      <button type="button" onClick={() => toast('balance', 'Balance changed')}>
        Balance
      </button>
      <button type="button" onClick={() => toast('default-credits', 'Credits given', 'error')}>
        Credits
      </button>
      <button
        type="button"
        onClick={() => {
          searches += 1;
          toast('users-list', `Successfully loaded ${searches} user(s)`);
        }}
      >
        Search
      </button>
    </>
  );
}

const shownTexts = () => screen.queryAllByRole('status').map((toast) => toast.textContent);
const click = (name: string) => act(() => screen.getByRole('button', { name }).click());

describe('Toasts', () => {
  it('shows each notice as a status for 3 seconds', () => {
    vi.useFakeTimers();
    render(
      <Toasts>
        <Announcer />
      </Toasts>,
    );
    click('Balance');
    act(() => vi.advanceTimersByTime(1000));
    click('Credits');
    expect(shownTexts()).toEqual(['Balance changed', 'Credits given']);

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText('Balance changed')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Balance changed')).not.toBeInTheDocument();
    expect(screen.getByText('Credits given')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(shownTexts()).toEqual([]);
  });

  it('replaces the notice of the same kind in its place instead of stacking another', () => {
    vi.useFakeTimers();
    render(
      <Toasts>
        <Announcer />
      </Toasts>,
    );
    click('Search');
    click('Balance');
    click('Search');
    click('Search');
    expect(shownTexts()).toEqual(['Successfully loaded 3 user(s)', 'Balance changed']);

    // The replacement gets its own 3 seconds, not what was left of the first one's.
    act(() => vi.advanceTimersByTime(2000));
    click('Search');
    act(() => vi.advanceTimersByTime(2000));
    expect(shownTexts()).toEqual(['Successfully loaded 4 user(s)']);
    act(() => vi.advanceTimersByTime(1000));
    expect(shownTexts()).toEqual([]);
  });

  it('lays the notices in a labelled region along the bottom edge', () => {
    render(
      <Toasts>
        <Announcer />
      </Toasts>,
    );
    click('Search');
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region).toContainElement(screen.getByRole('status'));
    expect(region.className).toMatch(/\bbottom-4\b/);
    expect(region.className).not.toMatch(/\btop-/);
  });
});
