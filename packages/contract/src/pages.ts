/**
 * Every page the web app draws, as React Router path patterns. The browser router is built from the
 * same list (a web test checks they agree), and the server answers any other page path with the
 * not-found page and status 404, so crawlers, monitors and scripts are not told an unknown address
 * exists (a "soft 404").
 */
export const PAGE_PATHS = [
  '/',
  '/pricing',
  '/blogs',
  '/blogs/:id',
  '/docs',
  '/faqs',
  '/terms',
  '/privacy',
  '/dashboard',
  '/dashboard2',
  '/dashboard3',
  '/dashboard/api-keys',
  '/account',
  '/history',
  '/history/:id',
  '/projects',
  '/projects/:id',
  '/pronunciation',
  '/admin-panel',
  '/admin-panel/models',
  '/admin-panel/health',
  '/admin-panel/users/:uid',
  '/auth/popup',
  '/auth/popup/done',
  '/reset-password',
] as const;

export type PagePath = (typeof PAGE_PATHS)[number];

/** One segment pattern: a literal (matched case-insensitively, as React Router does) or a `:param`. */
const segmentsOf = (pathname: string) => pathname.split('/').filter((segment) => segment !== '');

/** Whether a request path names one of the app's pages (a trailing slash is allowed, as the router allows it). */
export function isPagePath(pathname: string): boolean {
  const wanted = segmentsOf(pathname);
  return PAGE_PATHS.some((pattern) => {
    const parts = segmentsOf(pattern);
    return (
      parts.length === wanted.length &&
      parts.every((part, i) => {
        const segment = wanted[i] ?? '';
        return part.startsWith(':') ? segment !== '' : part.toLowerCase() === segment.toLowerCase();
      })
    );
  });
}
