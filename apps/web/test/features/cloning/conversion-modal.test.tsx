import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversionModal } from '@/features/cloning/components/conversion-modal';

describe('the conversion progress modal', () => {
  afterEach(cleanup);

  it('offers a cancel X while converting, and the X cancels', async () => {
    const onCancel = vi.fn();
    render(<ConversionModal fileName="talk.wav" progress={{ stage: 'encoding', percent: 70 }} onCancel={onCancel} />);
    expect(screen.getByRole('dialog', { name: 'Converting Audio File' })).toHaveTextContent('70%');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('hides the cancel X once the conversion is complete', () => {
    render(<ConversionModal fileName="talk.wav" progress={{ stage: 'complete', percent: 100 }} onCancel={() => {}} />);
    expect(screen.getByRole('dialog', { name: 'Converting Audio File' })).toHaveTextContent('Complete!');
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
