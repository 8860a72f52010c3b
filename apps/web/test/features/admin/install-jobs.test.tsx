import type { CatalogueModel, InstallJob } from '@sayso/contract/models';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InstallJobs } from '@/features/admin/components/install-jobs';
import { CatalogueTable } from '@/features/admin/components/model-tables';
import { defaultLanguages, describeDownload, formatTimeLeft } from '@/features/admin/lib/install-progress';

afterEach(cleanup);

const KOKORO: CatalogueModel = {
  name: 'kokoro-multi-lang-v1_0',
  family: 'kokoro',
  title: 'Kokoro 82M v1.0',
  url: 'http://127.0.0.1:9/tts-models/kokoro-multi-lang-v1_0.tar.bz2',
  extraUrls: [],
  sizeBytes: 333_000_000,
  license: 'Apache-2.0',
  commercialUse: true,
  licenseNote: null,
  languages: ['en', 'zh'],
  voiceCount: 53,
  sampleRate: 24_000,
  checksumPublished: false,
  installed: false,
};

const job = (overrides: Partial<InstallJob>): InstallJob => ({
  name: KOKORO.name,
  state: 'downloading',
  progress: {
    receivedBytes: 140_000_000,
    totalBytes: 333_000_000,
    percent: 42,
    bytesPerSecond: 5_200_000,
    secondsLeft: 37,
  },
  error: null,
  requestedBy: 'ops',
  startedAt: '2026-11-27T18:00:00.000Z',
  finishedAt: null,
  ...overrides,
});

const handlers = () => ({ onCancel: vi.fn(), onRetry: vi.fn(), onDismiss: vi.fn() });

describe('install jobs on the Models page', () => {
  it('shows a running download as a progress bar with bytes, speed and time left, and cancels it', () => {
    const on = handlers();
    render(<InstallJobs jobs={[job({})]} catalogue={[KOKORO]} pending={new Set()} {...on} />);
    const bar = screen.getByRole('progressbar', { name: `Download of ${KOKORO.name}` });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('42% · 140 MB of 333 MB · 5.2 MB/s · 40 s left')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Cancel installing ${KOKORO.name}` }));
    expect(on.onCancel).toHaveBeenCalledWith(KOKORO.name);
  });

  it('shows a failure with its reason and a Retry', () => {
    const on = handlers();
    const error = 'No data from 127.0.0.1:9 for 30 s; the download was stopped and nothing was installed.';
    render(<InstallJobs jobs={[job({ state: 'failed', error })]} catalogue={[KOKORO]} pending={new Set()} {...on} />);
    expect(screen.getByRole('alert').textContent).toBe(error);
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: `Retry installing ${KOKORO.name}` }));
    expect(on.onRetry).toHaveBeenCalledWith(KOKORO.name);
  });

  it('leaves finished installs to the tables', () => {
    const { container } = render(
      <InstallJobs jobs={[job({ state: 'installed' })]} catalogue={[KOKORO]} pending={new Set()} {...handlers()} />,
    );
    expect(container.innerHTML).toBe('');
  });

  it('offers Install on a catalogue row, busy while its job runs and gone once installed', () => {
    const onInstall = vi.fn();
    const { rerender } = render(
      <CatalogueTable models={[KOKORO]} jobs={[]} starting={new Set()} onInstall={onInstall} />,
    );
    fireEvent.click(screen.getByRole('button', { name: `Install ${KOKORO.name}` }));
    expect(onInstall).toHaveBeenCalledWith(KOKORO.name);
    expect(screen.getByRole('link', { name: KOKORO.url })).toBeTruthy();

    rerender(<CatalogueTable models={[KOKORO]} jobs={[job({})]} starting={new Set()} onInstall={onInstall} />);
    const busy = screen.getByRole('button', { name: `Installing ${KOKORO.name}` }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);

    rerender(
      <CatalogueTable models={[{ ...KOKORO, installed: true }]} jobs={[]} starting={new Set()} onInstall={onInstall} />,
    );
    expect(screen.queryByRole('button', { name: /Install/ })).toBeNull();
    expect(screen.getByText('Installed')).toBeTruthy();
  });
});

describe('install progress wording', () => {
  it('says how long is left as a person would', () => {
    expect(formatTimeLeft(3)).toBe('a moment left');
    expect(formatTimeLeft(37)).toBe('40 s left');
    expect(formatTimeLeft(150)).toBe('about 3 min left');
    expect(formatTimeLeft(4000)).toBe('about 1 h 7 min left');
  });

  it('describes a download whose size the server did not give', () => {
    expect(
      describeDownload({
        receivedBytes: 2_000_000,
        totalBytes: null,
        percent: null,
        bytesPerSecond: null,
        secondsLeft: null,
      }),
    ).toBe('2.0 MB so far');
  });

  it('picks the browser language and English among the offered languages', () => {
    expect(defaultLanguages(['de', 'en', 'fr'], 'de-AT')).toEqual(['de', 'en']);
    expect(defaultLanguages(['de', 'en'], 'sw-KE')).toEqual(['en']);
    expect(defaultLanguages(['de', 'en'], undefined)).toEqual(['en']);
  });
});
