import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** Every navigation starts at the top of the page, unless it targets an anchor on the page. */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run on each new path.
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [pathname, hash]);
  return null;
}
