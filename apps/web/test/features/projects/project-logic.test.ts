import type { ProjectProgress } from '@sayso/contract/projects';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { fileNameFrom } from '@/features/projects/api/exports';
import { acxFailureText, formatDb } from '@/features/projects/lib/acx';
import { blockStateLabel } from '@/features/projects/lib/block-state';
import { chapterRecordings, cueIndexAt } from '@/features/projects/lib/chapter-files';
import { movedOrder } from '@/features/projects/lib/chapter-order';
import { estimateLine } from '@/features/projects/lib/estimate';
import { importFileProblem, UNSUPPORTED_FILE_MESSAGE } from '@/features/projects/lib/import-file';
import { blockFailure, problemOf } from '@/features/projects/lib/problems';
import {
  nextProgressRead,
  PROGRESS_READ_MS,
  percentDone,
  progressFingerprint,
  progressSummary,
} from '@/features/projects/lib/progress-polling';
import { settingsChange } from '@/features/projects/lib/settings-change';
import { ApiError } from '@/lib/api-client';

const progress = (overrides: Partial<ProjectProgress> = {}): ProjectProgress => ({
  chapters: [],
  total: 9,
  done: 3,
  queued: 0,
  failed: 0,
  complete: false,
  ...overrides,
});

describe('reading render progress', () => {
  it('reads again every couple of seconds while a block is queued, and stops when nothing renders', () => {
    expect(nextProgressRead(progress({ queued: 4 }))).toBe(PROGRESS_READ_MS);
    expect(nextProgressRead(progress({ queued: 0, done: 9, complete: true }))).toBe(false);
    expect(nextProgressRead(progress({ queued: 0, failed: 2 }))).toBe(false);
    expect(nextProgressRead(undefined)).toBe(false);
  });

  it('changes its fingerprint when a block finishes or fails, not otherwise', () => {
    const before = progressFingerprint(progress({ queued: 2 }));
    expect(progressFingerprint(progress({ queued: 2 }))).toBe(before);
    expect(progressFingerprint(progress({ queued: 1, done: 4 }))).not.toBe(before);
    expect(progressFingerprint(progress({ queued: 1, failed: 1 }))).not.toBe(before);
  });

  it('says what is done, rendering and failed, and rounds the bar down', () => {
    expect(progressSummary(progress({ queued: 5, failed: 1 }))).toBe(
      '3 of 9 paragraphs rendered · 5 rendering · 1 failed',
    );
    expect(percentDone(2, 3)).toBe(66);
    expect(percentDone(0, 0)).toBe(0);
  });
});

describe('reordering chapters', () => {
  it('moves one chapter up or down, and leaves the ends alone', () => {
    expect(movedOrder(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(movedOrder(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(movedOrder(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('choosing a file to import', () => {
  it('takes the four manuscript types, whatever their case', () => {
    for (const name of ['book.txt', 'book.MD', 'Book.epub', 'draft.docx']) {
      expect(importFileProblem({ name, size: 1_000 })).toBeNull();
    }
  });

  it('refuses other types and files over 50 MB in the server’s words', () => {
    expect(importFileProblem({ name: 'scan.pdf', size: 10 })).toBe(UNSUPPORTED_FILE_MESSAGE);
    expect(importFileProblem({ name: 'big.epub', size: 50 * 1024 * 1024 + 1 })).toBe(
      'The file is too large to import. Files can be up to 50 MB.',
    );
    expect(importFileProblem({ name: 'edge.epub', size: 50 * 1024 * 1024 })).toBeNull();
  });
});

describe('the player’s chapters from the ZIP export', () => {
  const srt = '1\n00:00:00,000 --> 00:00:01,500\nFirst.\n\n2\n00:00:02,000 --> 00:00:03,000\nSecond.\n';

  it('pairs the numbered MP3s and subtitles with the chapters that have blocks, in order', () => {
    const files = {
      '01 - One.mp3': Uint8Array.of(1),
      '01 - One.srt': strToU8(srt),
      '01 - One.vtt': strToU8('WEBVTT'),
      '02 - Two.mp3': Uint8Array.of(2),
      'readme.txt': strToU8('not a chapter'),
    };
    const recordings = chapterRecordings(files, ['c1', 'c3']);
    expect(recordings.get('c1')?.mp3).toEqual(Uint8Array.of(1));
    expect(recordings.get('c1')?.cues.map((cue) => cue.startMs)).toEqual([0, 2000]);
    expect(recordings.get('c3')?.mp3).toEqual(Uint8Array.of(2));
    expect(recordings.get('c3')?.cues).toEqual([]);
  });

  it('follows along: the block being read, the one just read during a pause, none before the first', () => {
    const cues = [
      { startMs: 500, endMs: 1500, text: 'a' },
      { startMs: 2000, endMs: 3000, text: 'b' },
    ];
    expect(cueIndexAt(cues, 100)).toBe(-1);
    expect(cueIndexAt(cues, 500)).toBe(0);
    expect(cueIndexAt(cues, 1800)).toBe(0);
    expect(cueIndexAt(cues, 2500)).toBe(1);
    expect(cueIndexAt(cues, 9000)).toBe(1);
  });
});

describe('project settings', () => {
  const project = { title: 'Book', author: null, block_pause_ms: 500, chapter_pause_ms: 2000 };

  it('sends only what changed, pauses in milliseconds, an empty author as none', () => {
    expect(settingsChange(project, { title: 'Book', author: '', blockPause: '0.5', chapterPause: '2' })).toBeNull();
    expect(settingsChange(project, { title: ' New ', author: 'Ann', blockPause: '0.75', chapterPause: '2' })).toEqual({
      title: 'New',
      author: 'Ann',
      block_pause_ms: 750,
    });
    expect(
      settingsChange(
        { ...project, author: 'Ann' },
        { title: 'Book', author: ' ', blockPause: '0.5', chapterPause: '2' },
      ),
    ).toEqual({ author: null });
  });

  it('sends nothing while a pause is not a number', () => {
    expect(settingsChange(project, { title: 'New', author: '', blockPause: '', chapterPause: '2' })).toBeNull();
    expect(settingsChange(project, { title: 'New', author: '', blockPause: 'abc', chapterPause: '2' })).toBeNull();
  });
});

describe('words on the screen', () => {
  it('labels a block by its render state, telling an edited block from a rendered one', () => {
    expect(blockStateLabel({ state: 'done', changed: false }).label).toBe('Rendered');
    expect(blockStateLabel({ state: 'done', changed: true }).label).toBe('Changed since render');
    expect(blockStateLabel({ state: 'queued', changed: true }).label).toBe('Rendering…');
    expect(blockStateLabel({ state: 'failed', changed: true }).label).toBe('Failed');
    expect(blockStateLabel({ state: 'new', changed: true }).label).toBe('Not rendered');
  });

  it('gives the estimate as credits = characters', () => {
    expect(estimateLine({ blocks: 9, characters: 1234, credits: 1234, balance: 10_000, enough: true })).toBe(
      '9 paragraphs, 1,234 characters = 1,234 credits.',
    );
    expect(estimateLine({ blocks: 0, characters: 0, credits: 0, balance: 5, enough: true })).toBe(
      'everything is rendered.',
    );
  });

  it('shows ACX levels in dB with a true minus, and digital silence as such', () => {
    expect(formatDb(-19.456)).toBe('−19.5 dB');
    expect(formatDb(-200)).toBe('silence');
    expect(acxFailureText('noiseFloor')).toBe('The noise floor must be at most −60 dB.');
  });

  it('reads the saved file name from Content-Disposition, its UTF-8 form first', () => {
    expect(fileNameFrom(`attachment; filename="Salt _ Light.zip"; filename*=UTF-8''Salt%20%26%20Light.zip`, 'x')).toBe(
      'Salt & Light.zip',
    );
    expect(fileNameFrom('attachment; filename="Book.mp3"', 'x')).toBe('Book.mp3');
    expect(fileNameFrom(null, 'fallback.zip')).toBe('fallback.zip');
  });

  it('decides on error codes, never on the words (decision 0041)', () => {
    const short = new ApiError('Reworded: you are out of credits', 402, null, 'INSUFFICIENT_CREDITS');
    expect(problemOf(short)).toEqual({ message: 'Reworded: you are out of credits', needsCredits: true });
    const sameWordsOtherCode = new ApiError('Insufficient credits', 402, null, 'INSUFFICIENT_BALANCE');
    expect(problemOf(sameWordsOtherCode).needsCredits).toBe(false);
    expect(problemOf(new Error('boom')).message).toBe('Something went wrong. Please try again.');
    expect(blockFailure('VOICE_UNAVAILABLE')).toBe('The voice is no longer available.');
    expect(blockFailure('SOMETHING_NEW')).toBe('This paragraph could not be rendered.');
  });
});
