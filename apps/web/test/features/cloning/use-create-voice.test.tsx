import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCreateVoice } from '@/features/cloning/hooks/use-create-voice';
import { resetSpacing } from '@/lib/speech-task/spaced-request';

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

describe('the clone form a new voice is sent with', () => {
  // The clone request waits its turn in the studio's one-request-per-second lane, which files
  // sharing this worker used before: a fresh lane sends it at once.
  beforeEach(() => resetSpacing());
  afterEach(() => vi.unstubAllGlobals());

  it('names the chosen language by the contract’s tag, which the server checks', async () => {
    const sent: FormData[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        if (init.body instanceof FormData) sent.push(init.body);
        return new Response('{"clone_voice_id":"v1","voice_name":"Mine","mp3_link":""}', { status: 200 });
      }),
    );
    const { result } = renderHook(
      () => useCreateVoice({ onCreated: () => {}, onProblem: () => {}, onLimit: () => {} }),
      { wrapper },
    );
    act(() => result.current.changeLanguage('chinese'));
    act(() => result.current.changeDraft({ voiceName: 'Mine' }));
    act(() => result.current.create(new File([new Uint8Array(16)], 'sample.mp3'), 0));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get('language_tag')).toBe('chinese');
  });
});
