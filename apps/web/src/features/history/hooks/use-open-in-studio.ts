import type { HistoryItem, HistoryItemDetail } from '@sayso/contract/history';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { apiRequest } from '@/lib/api-client';
import { studioLink } from '@/lib/studio-prefill';
import { excerptIsWhole, prefillFor } from '../lib/history-labels';

/**
 * "Use in studio": opens the studio the item was made in, filled with its text, voice and settings.
 * A list item carries only the start of a long text; the whole of it is read from the item itself.
 */
export function useOpenInStudio() {
  const navigate = useNavigate();
  const [preparing, setPreparing] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function fullText(item: HistoryItem): Promise<string> {
    if (excerptIsWhole(item)) return item.excerpt;
    return (await apiRequest<HistoryItemDetail>(`/history/${encodeURIComponent(item.id)}`)).text;
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
