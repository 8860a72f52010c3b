import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversionModal } from '@/features/cloning/components/conversion-modal';
import { createProgressFeed } from '@/features/cloning/lib/progress-feed';

describe('the conversion progress modal', () => {
  afterEach(cleanup);

  it('offers a cancel X while converting, and the X cancels', async () => {
    const onCancel = vi.fn();
    render(
      <ConversionModal
        fileName="talk.wav"
        progress={createProgressFeed({ stage: 'encoding', percent: 70 })}
        onCancel={onCancel}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Converting Audio File' })).toHaveTextContent('70%');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('hides the cancel X once the conversion is complete', () => {
    render(
      <ConversionModal
        fileName="talk.wav"
        progress={createProgressFeed({ stage: 'complete', percent: 100 })}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Converting Audio File' })).toHaveTextContent('Complete!');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });

  it('announces the stage in a status region, and gives the bar its value and the running step', () => {
    render(
      <ConversionModal
        fileName="talk.wav"
        progress={createProgressFeed({ stage: 'processing', percent: 47 })}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Converting: preparing the sound...');
    // The percent is not in the live region: it would be read out at every step.
    expect(screen.getByRole('status')).not.toHaveTextContent('47');
    const bar = screen.getByRole('progressbar', { name: 'Conversion progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '47');
    expect(bar).toHaveAttribute('aria-valuetext', '47%, Converting: preparing the sound...');
    expect(screen.getByText('Process')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Decode')).not.toHaveAttribute('aria-current');
  });

  it('draws the bar full, without easing, once complete', () => {
    render(
      <ConversionModal
        fileName="talk.wav"
        progress={createProgressFeed({ stage: 'complete', percent: 100 })}
        onCancel={() => {}}
      />,
    );
    const fill = screen.getByRole('progressbar').firstElementChild as HTMLElement;
    expect(fill.style.width).toBe('100%');
    expect(fill).toHaveClass('transition-none');
  });

  it('follows its progress feed: each new stage and percent shows as it is published', () => {
    const feed = createProgressFeed({ stage: 'decoding', percent: 20 });
    render(<ConversionModal fileName="talk.wav" progress={feed} onCancel={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the audio...');
    act(() => feed.publish({ stage: 'encoding', percent: 72 }));
    expect(screen.getByRole('status')).toHaveTextContent('Converting to MP3...');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '72');
  });
});
