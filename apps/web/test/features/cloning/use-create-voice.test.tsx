import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useCreateVoice } from '@/features/cloning/hooks/use-create-voice';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

describe('the draft of a new voice', () => {
  it('clears the transcript typed for the previous sample when a new sample is accepted, and keeps a typed name', () => {
    const { result } = renderHook(
      () => useCreateVoice({ onCreated: () => {}, onProblem: () => {}, onLimit: () => {} }),
      {
        wrapper,
      },
    );
    act(() => result.current.changeDraft({ voiceName: 'Mine', transcript: 'The morning train left.' }));
    expect(result.current.draft.transcript).toBe('The morning train left.');
    act(() => result.current.suggestName('second sample'));
    expect(result.current.draft).toMatchObject({ voiceName: 'Mine', transcript: '' });
  });
});
