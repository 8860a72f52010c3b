import { useEffect } from 'react';

const SITE_NAME = 'Sayso';

/** The browser tab's text for a page: its own words first, so tabs and history tell pages apart. */
export const pageTitle = (page: string): string => `${page} - ${SITE_NAME}`;

/** Names the page in the browser tab (and in history and bookmarks) while it is shown. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
