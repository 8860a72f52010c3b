import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GenerationProgress } from '@/components/ui/generation-progress';

afterEach(cleanup);

describe('the generation progress', () => {
  it('shows a waiting task its place in the queue next to the bar', () => {
    render(<GenerationProgress label="0%" percent={0} queuePosition={3} />);
    expect(screen.getByText('Queued: 3 tasks ahead of yours')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toBeInTheDocument();
  });

  it('shows no queue line once the task is being generated', () => {
    render(<GenerationProgress label="42%" percent={42} queuePosition={null} />);
    expect(screen.queryByText(/Queued:/)).toBeNull();
    expect(screen.getByText('42%')).toBeInTheDocument();
  });
});
