import { isPagePath, PAGE_PATHS } from '@sayso/contract/pages';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { router } from '@/app/router';

/** Every path pattern the router draws a page for, except the catch-all not-found page. */
function routedPaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path] : []),
    ...routedPaths(route.children ?? []),
  ]);
}

describe('the page list the server answers 200 for', () => {
  it('is exactly the pages the browser router draws, so a new page cannot be served as a 404', () => {
    expect([...routedPaths(router.routes)].sort()).toEqual([...PAGE_PATHS].sort());
  });

  it('matches paths as the router does: any case, a trailing slash, one segment per parameter', () => {
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/Pricing/')).toBe(true);
    expect(isPagePath('/history/abc')).toBe(true);
    expect(isPagePath('/history/abc/def')).toBe(false);
    expect(isPagePath('/pricing/extra')).toBe(false);
    expect(isPagePath('/settings')).toBe(false);
  });
});
