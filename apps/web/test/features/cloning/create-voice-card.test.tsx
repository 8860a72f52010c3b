import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CreateVoiceCard } from '@/features/cloning/components/create-voice-card';
import type { VoiceDraft } from '@/features/cloning/hooks/use-create-voice';

afterEach(cleanup);

const draft: VoiceDraft = {
  voiceName: 'Me',
  noiseReduction: true,
  language: 'english',
  sampleText: 'Hello!',
  transcript: '',
};

describe('the Create a voice card', () => {
  it('offers an optional field for what is said in the sample, and hands what is typed to the draft', () => {
    const onDraftChange = vi.fn();
    render(
      <CreateVoiceCard
        file={null}
        validating={false}
        onFile={() => {}}
        onRemoveFile={() => {}}
        draft={draft}
        onDraftChange={onDraftChange}
        onLanguageChange={() => {}}
        creating={false}
        created={false}
        onCreate={() => {}}
        notice={null}
        uploadProblem={null}
        createProblem={null}
        noiseReductionAvailable={true}
      />,
    );
    const field = screen.getByLabelText(/What is said in the sample/);
    expect(field).toHaveAccessibleDescription(/some voice models need them/);
    fireEvent.change(field, { target: { value: 'The morning train left.' } });
    expect(onDraftChange).toHaveBeenCalledWith({ transcript: 'The morning train left.' });
  });
});
