import type { HistoryItem, HistoryPage, Timeline } from '@sayso/contract/history';
import { vi } from 'vitest';
import { json } from '../../support/render-dashboard';

export function historyItem(overrides: Partial<HistoryItem> = {}): HistoryItem {
  const id = overrides.id ?? 'a'.repeat(32);
  return {
    id,
    excerpt: 'Hello from the preset studio.',
    characters: 29,
    credits_charged: 29,
    voice_id: 'ava',
    voice_name: 'Ava',
    cloned: false,
    engine: 'kokoro',
    model_id: 'kokoro-82m',
    settings: { speed: 1.2, pitch: 2, volume: 1, language: 'en-US' },
    status: 'done',
    progress: 100,
    error: null,
    error_code: null,
    source: 'preset',
    api_key_name: null,
    duration_ms: 2_400,
    created_at: '2026-03-01T10:00:00.000Z',
    audio_url: `/api/history/${id}/audio.mp3`,
    mp3_url: `/api/history/${id}/download/mp3`,
    srt_url: `/api/history/${id}/download/srt`,
    vtt_url: `/api/history/${id}/download/vtt`,
    audio_expired: false,
    has_timeline: true,
    ...overrides,
  };
}

export function historyPage(items: HistoryItem[], overrides: Partial<HistoryPage> = {}): HistoryPage {
  return {
    items,
    total: items.length,
    page: 1,
    page_size: 10,
    voices: [
      { id: 'ava', name: 'Ava', cloned: false },
      { id: 'mine', name: 'My voice', cloned: true },
    ],
    storage: { used_bytes: 1_572_864, limit_bytes: 1_073_741_824 },
    retention_days: null,
    ...overrides,
  };
}

export function timelineOf(item: HistoryItem, texts: string[]): Timeline {
  let start = 0;
  return {
    item,
    seeds: false,
    sentences: texts.map((text, position) => {
      const duration = 1_000 + text.length * 50;
      const sentence = {
        position,
        text,
        start_ms: start,
        end_ms: start + duration,
        takes: [
          {
            id: `take${position}`,
            text,
            seed: null,
            duration_ms: duration,
            chosen: true,
            created_at: item.created_at,
            audio_url: `/api/history/${item.id}/takes/take${position}/audio.mp3`,
          },
        ],
      };
      start += duration;
      return sentence;
    }),
  };
}

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers fetch by 'METHOD /api/path', whatever the query; records every call's URL. */
export function stubRoutes(routes: Record<string, Route>) {
  const calls: URL[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    calls.push(url);
    const route = routes[`${init?.method ?? 'GET'} ${url.pathname}`];
    return route ? route(url, init) : json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls: (path: string) => calls.filter((url) => url.pathname === path) };
}
