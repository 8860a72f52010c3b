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
  return (
    <>
      <button type="button" onClick={() => toast('First notice')}>
        First
      </button>
      <button type="button" onClick={() => toast('Second notice', 'error')}>
        Second
      </button>
    </>
  );
}

describe('Toasts', () => {
  it('shows each notice as a status for 3 seconds', () => {
    vi.useFakeTimers();
    render(
      <Toasts>
        <Announcer />
      </Toasts>,
    );
    act(() => screen.getByRole('button', { name: 'First' }).click());
    act(() => vi.advanceTimersByTime(1000));
    act(() => screen.getByRole('button', { name: 'Second' }).click());
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual(['First notice', 'Second notice']);

    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByText('First notice')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('First notice')).not.toBeInTheDocument();
    expect(screen.getByText('Second notice')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps only the three newest notices on screen', () => {
    render(
      <Toasts>
        <Announcer />
      </Toasts>,
    );
    for (let i = 0; i < 4; i += 1) act(() => screen.getByRole('button', { name: i % 2 ? 'Second' : 'First' }).click());
    expect(screen.getAllByRole('status').map((toast) => toast.textContent)).toEqual([
      'Second notice',
      'First notice',
      'Second notice',
    ]);
  });
});
