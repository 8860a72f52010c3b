import { useCallback, useEffect, useRef, useState } from 'react';

/** Which voice's sample is heard: loading until its first sound, then playing; one at a time. */
export interface VoiceSampleState {
  voiceId: string;
  phase: 'loading' | 'playing';
}

/**
 * Plays one voice sample at a time. Starting a sample stops the one before; a sample that cannot
 * play is reported by voice, so the library can say which one failed. A local voice's first
 * sample is rendered on request, which is why it is "loading" until the audio really plays.
 */
export function useVoiceSample() {
  const [state, setState] = useState<VoiceSampleState | null>(null);
  const [failedVoiceId, setFailedVoiceId] = useState<string | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);

  const stop = useCallback(() => {
    audio.current?.pause();
    audio.current = null;
    setState(null);
  }, []);

  // Nothing keeps playing once the library is gone.
  useEffect(() => () => audio.current?.pause(), []);

  const play = useCallback((voiceId: string, url: string) => {
    audio.current?.pause();
    const next = new Audio(url);
    audio.current = next;
    const isCurrent = () => audio.current === next;
    next.addEventListener('playing', () => {
      if (isCurrent()) setState({ voiceId, phase: 'playing' });
    });
    next.addEventListener('ended', () => {
      if (!isCurrent()) return;
      audio.current = null;
      setState(null);
    });
    setFailedVoiceId(null);
    setState({ voiceId, phase: 'loading' });
    // A sample stopped before it started rejects its play(); only the current sample's failure counts.
    next.play().catch(() => {
      if (!isCurrent()) return;
      audio.current = null;
      setState(null);
      setFailedVoiceId(voiceId);
    });
  }, []);

  const toggle = useCallback(
    (voiceId: string, url: string) => {
      if (state?.voiceId === voiceId) stop();
      else play(voiceId, url);
    },
    [state, play, stop],
  );

  return { sample: state, failedVoiceId, toggle, stop };
}
