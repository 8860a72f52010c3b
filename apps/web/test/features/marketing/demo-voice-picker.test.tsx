import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DemoVoicePicker } from '@/features/marketing/components/demo-voice-picker';
import { DEMO_VOICES } from '@/features/marketing/lib/demo-voices';

// jsdom has no media playback; the element's play and pause are the browser edge, noted here.
let playing: HTMLMediaElement[] = [];

beforeEach(() => {
  playing = [];
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.push(this);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    playing = playing.filter((element) => element !== this);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the demo voice picker', { timeout: 15_000 }, () => {
  it('plays one voice sample at a time, from the server’s preview route', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<DemoVoicePicker voices={DEMO_VOICES} selectedId={null} onSelect={onSelect} />);

    await user.click(screen.getByRole('button', { name: 'Play sample of Ava' }));
    expect(playing.map((element) => new URL(element.src).pathname)).toEqual([
      '/api/voices/espeak-en-us-f2/preview.mp3',
    ]);
    expect(screen.getByRole('button', { name: 'Stop sample of Ava' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play sample of Oliver' }));
    expect(playing.map((element) => new URL(element.src).pathname)).toEqual([
      '/api/voices/espeak-en-gb-m3/preview.mp3',
    ]);
    expect(screen.getAllByRole('button', { name: /^Stop sample/ })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Stop sample of Oliver' }));
    expect(playing).toEqual([]);
    // Listening is not choosing: the sample buttons leave the selection alone.
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('still selects a voice by its card', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<DemoVoicePicker voices={DEMO_VOICES} selectedId={null} onSelect={onSelect} />);
    await user.click(screen.getByRole('radio', { name: /Eleanor/ }));
    expect(onSelect).toHaveBeenCalledWith('en-gb-female');
  });

  it('stops a sample when generation starts', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<DemoVoicePicker voices={DEMO_VOICES} selectedId={null} onSelect={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Play sample of Marcus' }));
    expect(playing).toHaveLength(1);
    rerender(<DemoVoicePicker voices={DEMO_VOICES} selectedId={null} onSelect={() => {}} disabled />);
    expect(playing).toEqual([]);
  });
});
