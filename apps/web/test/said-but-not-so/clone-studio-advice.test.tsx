import type { ClonedVoice } from '@sayso/contract/voices';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClonedVoicesModal } from '@/features/cloning/components/cloned-voices-modal';
import { CreateVoiceCard } from '@/features/cloning/components/create-voice-card';
import { CreatedVoiceNotice } from '@/features/cloning/components/created-voice-notice';
import { BLOG_POSTS } from '@/features/marketing/lib/blog-posts';
import { FAQ_ITEMS } from '@/features/marketing/lib/faq-items';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const draft = {
  voiceName: 'Mine',
  noiseReduction: true,
  language: 'english' as const,
  sampleText: 'Hello there.',
  transcript: '',
};

function renderCard(noiseReductionAvailable: boolean | null) {
  render(
    <CreateVoiceCard
      file={null}
      validating={false}
      onFile={() => {}}
      onRemoveFile={() => {}}
      draft={draft}
      onDraftChange={() => {}}
      onLanguageChange={() => {}}
      creating={false}
      created={false}
      onCreate={() => {}}
      notice={null}
      uploadProblem={null}
      createProblem={null}
      noiseReductionAvailable={noiseReductionAvailable}
    />,
  );
}

describe('the clone studio’s advice on sample length', () => {
  it('never calls a sample within the advised 10–30 seconds "short": the small-file note speaks of detail', () => {
    // A 20-second MP3 at 128 kbit/s is about 320 KB: under the spec's 500,000 bytes.
    render(
      <CreatedVoiceNotice notice={{ name: 'Mine', short: true, approximate: true, requiresVerification: false }} />,
    );
    const notice = screen.getByRole('status');
    expect(notice).not.toHaveTextContent(/short/i);
    expect(notice).toHaveTextContent('10–30 seconds');
  });

  it('gives the same advice on the blog and in the FAQ as the tip: 10 to 30 seconds, not minutes', () => {
    const recording = BLOG_POSTS.find((post) => post.id === 'recording-a-clean-sample');
    expect(recording?.excerpt).not.toMatch(/one to two minutes/i);
    expect(recording?.excerpt).toMatch(/ten to thirty seconds/i);
    const sampleAnswer = FAQ_ITEMS.map((item) => item.answer).find((answer) => /between 10 seconds/.test(answer));
    expect(sampleAnswer).toMatch(/ten to thirty seconds/i);
  });
});

describe('the Noise Reduction switch', () => {
  it('is off, disabled and explained where no denoiser is installed', () => {
    renderCard(false);
    const toggle = screen.getByRole('switch', { name: 'Noise Reduction' });
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/no denoiser is installed, so the sample is used as recorded/);
  });

  it('is on by default and says what it does where a denoiser or provider cleans the sample', () => {
    renderCard(true);
    const toggle = screen.getByRole('switch', { name: 'Noise Reduction' });
    expect(toggle).toBeEnabled();
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Cleans hum and hiss from the sample before the voice is learned.');
  });
});

describe('a cloned voice’s ID', () => {
  it('is shown in full, not cut off, with a button that copies it', async () => {
    // user-event puts a clipboard of its own in the page, which the test reads back.
    const user = userEvent.setup();
    const voice: ClonedVoice = {
      voiceId: 'ec-en-us-f-b178-p52-r14-s170-d3a9c1',
      voiceName: 'Mine',
      mp3Link: '',
      createdAt: '2026-01-01T00:00:00.000Z',
      approximate: true,
      language: 'english',
    };
    render(
      <ClonedVoicesModal
        open
        onOpenChange={() => {}}
        voices={[voice]}
        loading={false}
        selectedId={null}
        onUse={() => {}}
        onDelete={async () => {}}
      />,
    );
    const id = screen.getByTestId('voice-id');
    expect(id).toHaveTextContent(voice.voiceId);
    expect(id.closest('.truncate')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Copy the ID of Mine' }));
    expect(await navigator.clipboard.readText()).toBe(voice.voiceId);
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });
});
