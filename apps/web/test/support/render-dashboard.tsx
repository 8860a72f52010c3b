import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';

// The first render of a file also loads Radix and the icons; on a busy machine that can pass one second.
configure({ asyncUtilTimeout: 3000 });

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers fetch by 'METHOD /api/path'; anything else is a JSON 404, as the real API would give. */
export function stubApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const handler = routes[`${init?.method ?? 'GET'} ${url}`];
    return handler ? handler(init) : json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A stand-in for the browser's EventSource (jsdom has none) that tests can push events through. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly listeners = new Map<string, Set<(event: MessageEvent<string>) => void>>();
  closed = false;

  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    const forType = this.listeners.get(type) ?? new Set();
    forType.add(listener);
    this.listeners.set(type, forType);
  }

  removeEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.get(type)?.delete(listener);
  }

  close() {
    this.closed = true;
  }

  emit(type: string, data: string) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
  }
}

export const signedInUser = { uid: 'u1', email: 'ada@example.com', name: 'Ada Lovelace', photo: null };

export function setUserCookie(user: object = signedInUser) {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the app reads document.cookie.
  document.cookie = `user=${encodeURIComponent(JSON.stringify(user))}; path=/`;
}

export { forgetSessionUser as clearUserCookie } from '@/lib/account/forget-session-user';

export const userCookieIsSet = () => document.cookie.split(';').some((part) => part.trim().startsWith('user='));

/**
 * Renders a signed-in screen with a fresh query cache, at /dashboard unless told otherwise; `routes`
 * puts other screens at their paths, for a test that follows a navigation.
 */
export function renderDashboard(
  ui: ReactNode,
  {
    route = '/dashboard',
    routes = {},
  }: { route?: string | { pathname: string; state?: unknown }; routes?: Record<string, ReactNode> } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path="/" element={<p>Landing page</p>} />
          <Route path="/pricing" element={<p>Pricing page</p>} />
          {Object.entries(routes).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
          <Route path="*" element={ui} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient };
}
