import type { Voice } from '@sayso/contract/speech';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VoicePickerModal } from '@/features/speech/components/voice-picker-modal';
import { libraryVoice, manyVoices } from './voice-library-voices';

// jsdom lays nothing out and plays nothing: the list's scroll box is given the 600 px a browser
// gives it, and media play and pause are recorded. Both are the browser's edge, not our code.
let playing: HTMLMediaElement[] = [];
let pendingPlays: { element: HTMLMediaElement; start: () => void; fail: () => void }[] = [];

beforeEach(() => {
  playing = [];
  pendingPlays = [];
  window.sessionStorage.clear();
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'voice-list' ? 600 : 0;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    return new Promise<void>((resolve, reject) => {
      pendingPlays.push({
        element: this,
        start: () => {
          playing.push(this);
          this.dispatchEvent(new Event('playing'));
          resolve();
        },
        fail: () => reject(new DOMException('The element has no supported sources.', 'NotSupportedError')),
      });
    });
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    playing = playing.filter((element) => element !== this);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The picker as the studio holds it: a button opens it, choosing a voice closes it. */
function Studio({
  voices,
  onSelect = () => {},
}: {
  voices: Voice[];
  onSelect?: (voice: Voice, language: string | null) => void;
}) {
  const [open, setOpen] = useState(true);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Select a Voice
      </button>
      <VoicePickerModal
        open={open}
        onOpenChange={setOpen}
        voices={voices}
        selectedId={selectedId}
        onSelect={(voice, language) => {
          setSelectedId(voice.voice_id);
          onSelect(voice, language);
          setOpen(false);
        }}
      />
    </>
  );
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Voices' }))
    .getAllByTestId('voice-name')
    .map((name) => name.textContent);

describe('the voice library', { timeout: 20_000 }, () => {
  it('renders only a window of rows from 1,200 voices, and the rows further down once scrolled to', async () => {
    render(<Studio voices={manyVoices(1200)} />);
    expect(screen.getByTestId('voice-count')).toHaveTextContent('1,200 voices');
    const first = rowNames();
    expect(first[0]).toBe('Speaker 1');
    // 600 px of ~76 px rows and a few either side: nowhere near 1,200.
    expect(first.length).toBeGreaterThan(5);
    expect(first.length).toBeLessThan(30);
    const rows = within(screen.getByRole('list', { name: 'Voices' })).getAllByRole('listitem');
    expect(rows[0]).toHaveAttribute('aria-setsize', '1200');

    const list = screen.getByTestId('voice-list');
    await act(async () => {
      list.scrollTop = 500 * 76;
      fireEvent.scroll(list);
    });
    const later = rowNames();
    expect(later).toContain('Speaker 501');
    // The keyboard's row (the first) stays rendered so focus is never dropped; the rows between are gone.
    expect(later).not.toContain('Speaker 2');
    expect(later).not.toContain('Speaker 400');
    expect(later.length).toBeLessThan(30);
  });

  it('focuses the search on open, and narrows by name and language with a count and a way back', async () => {
    const user = userEvent.setup();
    render(<Studio voices={manyVoices(1200)} />);
    const search = screen.getByRole('searchbox', { name: 'Search voices' });
    expect(search).toHaveFocus();

    await user.type(search, 'speaker 1000');
    expect(await screen.findByTestId('voice-count')).toHaveTextContent('1 of 1,200 voices');
    expect(rowNames()).toEqual(['Speaker 1000']);

    await user.clear(search);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'fr');
    expect(screen.getByTestId('voice-count')).toHaveTextContent('240 of 1,200 voices');
    // The gender dropdown counts what the language filter leaves.
    expect(
      within(screen.getByRole('combobox', { name: 'Gender' })).getByRole('option', { name: 'Female (120)' }),
    ).toBeInTheDocument();

    await user.type(search, 'nobody by that name');
    expect(await screen.findByText('No voices match')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Voices' })).not.toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Reset filters' })[0] as HTMLElement);
    expect(screen.getByTestId('voice-count')).toHaveTextContent('1,200 voices');
    expect(search).toHaveValue('');
    expect(search).toHaveFocus();
  });

  it('keeps the filters when the library is closed and opened again', async () => {
    const user = userEvent.setup();
    render(<Studio voices={manyVoices(60)} />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'cloud');
    expect(screen.getByTestId('voice-count')).toHaveTextContent('15 of 60 voices');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Select a Voice' }));
    expect(screen.getByTestId('voice-count')).toHaveTextContent('15 of 60 voices');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('cloud');
  });

  it('moves through the rows with the arrow keys and selects with Enter', async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    render(<Studio voices={manyVoices(1200)} onSelect={onSelect} />);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Speaker 1' })).toHaveFocus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Speaker 3' })).toHaveFocus();
    // Only the keyboard's row is in the Tab order; Tab goes on to its controls, not to other rows.
    expect(screen.getByRole('button', { name: 'Speaker 2' })).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(screen.getByRole('button', { name: 'Speaker 1200' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ voice_id: 'libritts-1200' }), null);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // Opened again, the chosen voice is marked and the keyboard starts on it.
    await user.click(screen.getByRole('button', { name: 'Select a Voice' }));
    const chosen = screen.getByRole('button', { name: 'Speaker 1200' });
    expect(chosen).toHaveAttribute('aria-pressed', 'true');
    expect(chosen).toHaveAttribute('tabindex', '0');
  });

  it('plays one sample at a time, loading until its sound starts, and says when a sample fails', async () => {
    const user = userEvent.setup();
    render(<Studio voices={manyVoices(10)} />);
    await user.click(screen.getByRole('button', { name: 'Play preview of Speaker 1' }));
    const loading = screen.getByRole('button', { name: 'Stop preview of Speaker 1' });
    expect(loading).toHaveAttribute('aria-busy', 'true');
    await act(async () => pendingPlays[0]?.start());
    expect(loading).toHaveAttribute('aria-busy', 'false');
    expect(playing.map((element) => new URL(element.src).pathname)).toEqual(['/api/voices/libritts-1/preview.mp3']);

    await user.click(screen.getByRole('button', { name: 'Play preview of Speaker 2' }));
    expect(playing).toEqual([]);
    expect(screen.getAllByRole('button', { name: /^Stop preview/ })).toHaveLength(1);
    await act(async () => pendingPlays[1]?.fail());
    expect(screen.getByRole('alert')).toHaveTextContent('The sample of Speaker 2 could not be played.');
    expect(screen.queryAllByRole('button', { name: /^Stop preview/ })).toHaveLength(0);
  });

  it("shows a voice's licence note where its model may not be used commercially", () => {
    const voices = [
      libraryVoice({
        voice_id: 'lessac.0',
        name: 'Lessac',
        kind: 'neural',
        license_note: 'Blizzard 2013 data: non-commercial only.',
      }),
      libraryVoice({ voice_id: 'amy.0', name: 'Amy', kind: 'neural' }),
    ];
    render(<Studio voices={voices} />);
    const lessac = screen.getByRole('button', { name: 'Lessac' });
    expect(lessac).toHaveAccessibleDescription(
      'Neural en-US · american · female Not for commercial use. Blizzard 2013 data: non-commercial only.',
    );
    expect(screen.getByRole('button', { name: 'Amy' })).toHaveAccessibleDescription('Neural en-US · american · female');
    expect(screen.getAllByText('Not for commercial use.')).toHaveLength(1);
  });
});
