import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import AdminPanelPage from '@/app/routes/admin-panel-page';

export interface ApiCall {
  method: string;
  url: URL;
  body: unknown;
}

type Handler = (call: ApiCall) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Stands in for the server at the network edge: answers fetch by 'METHOD /api/path' (the query
 * string is left to the handler) and records every call. Anything else is a JSON 404.
 */
export function stubAdminApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(call) : json({ error: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The calls made to one route, e.g. 'GET /api/admin/users'. */
    callsTo: (route: string) => calls.filter((call) => `${call.method} ${call.url.pathname}` === route),
  };
}

export const ada = {
  uid: 'u-ada',
  username: 'Ada Lovelace',
  email: 'ada@example.com',
  credits: 10_000,
  balance: 100,
  currency: 'PKR',
};
export const grace = {
  uid: 'u-grace',
  username: 'Grace Hopper',
  email: 'grace@example.com',
  credits: 2500,
  balance: 1250.5,
  currency: 'PKR',
};

export const userPage = (users: object[], total = users.length, page = 1, pageSize = 50) =>
  json({ users, total, page, pageSize });

export const signedInAdmin = () => json({ admin: { username: 'staff', name: 'Sam Staff' } });

/** The admin panel at /admin-panel with a fresh query cache; /dashboard is a stand-in page. */
export function renderAdminPanel() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/admin-panel']}>
        <Routes>
          <Route path="/admin-panel" element={<AdminPanelPage />} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, user, queryClient };
}
