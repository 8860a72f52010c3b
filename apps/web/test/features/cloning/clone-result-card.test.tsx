import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CloneResultCard } from '@/features/cloning/components/clone-result-card';

afterEach(cleanup);

describe('the clone studio result card', () => {
  it('shows the clone studio its place in the queue while its task waits', () => {
    render(
      <CloneResultCard
        state={{ phase: 'generating', task: { status: 'queued', progress: 0, queue_position: 1 } }}
        justFinished={false}
      />,
    );
    expect(screen.getByText('Status: queued')).toBeInTheDocument();
    expect(screen.getByText('Queued: 1 task ahead of yours')).toBeInTheDocument();
  });
});
