import type { HistoryItem } from '@sayso/contract/history';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { studioLink } from '@/lib/studio-prefill';
import { timelineQuery } from '../api/timeline';
import { excerptIsWhole, prefillFor } from '../lib/history-labels';

/**
 * "Use in studio": opens the studio the item was made in, filled with its text, voice and settings.
 * A list item carries only the start of a long text; the whole of it is read from its timeline.
 */
export function useOpenInStudio() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [preparing, setPreparing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function fullText(item: HistoryItem): Promise<string> {
    if (excerptIsWhole(item) || !item.has_timeline) return item.excerpt;
    const timeline = await queryClient.fetchQuery(timelineQuery(item.id));
    return timeline.sentences.map((sentence) => sentence.text).join(' ');
  }

  async function open(item: HistoryItem) {
    setProblem(null);
    setPreparing(item.id);
    try {
      const link = studioLink(prefillFor(item, await fullText(item)));
      navigate(link.to, { state: link.state });
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : 'Could not open it in the studio.');
      setPreparing(null);
    }
  }

  return { open, preparing, problem };
}
