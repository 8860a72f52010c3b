import { Volume2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { hearRule } from '../api/hear-rule';

/**
 * Speaks a rule's text with its dictionary and plays it: a short speech task in the preset studio,
 * charged like any other (one credit a character).
 */
export function HearRuleButton({ text, dictionaryId }: { text: string; dictionaryId: string }) {
  const [state, setState] = useState<'idle' | 'busy' | 'playing' | 'failed'>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const player = useRef<HTMLAudioElement | null>(null);
  useEffect(
    () => () => {
      running.current?.abort();
      player.current?.pause();
    },
    [],
  );

  async function hear() {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState('busy');
    setProblem(null);
    try {
      const url = await hearRule(text, dictionaryId, controller.signal);
      player.current?.pause();
      const audio = new Audio(url);
      player.current = audio;
      audio.onended = () => setState('idle');
      setState('playing');
      await audio.play().catch(() => setState('idle'));
    } catch (error) {
      if (controller.signal.aborted) return;
      setState('failed');
      setProblem(error instanceof Error ? error.message : String(error));
    }
  }

  const label = state === 'busy' ? 'Speaking…' : state === 'playing' ? 'Playing' : 'Hear it';
  return (
    <span className="inline-flex flex-col items-end">
      <button
        type="button"
        onClick={() => void hear()}
        disabled={state === 'busy'}
        aria-label={`${label}: ${text}`}
        title={`Speak “${text}” with this dictionary (${text.length} credits)`}
        className="inline-flex items-center gap-1 rounded-control border border-line bg-card px-3 py-1.5 text-sm font-medium text-ink hover:border-accent hover:text-accent disabled:cursor-wait disabled:opacity-60"
      >
        <Volume2 aria-hidden className="h-4 w-4" />
        {label}
      </button>
      {problem ? (
        <span role="alert" className="mt-1 max-w-48 text-right text-xs text-danger">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
