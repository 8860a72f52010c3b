import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';

/**
 * How far the top bar's figures are shortened, one step at a time: 0 everything shown, 1 without
 * the word "credits", 2 the credits compact as well, 3 the balance compact as well.
 */
export type FigureShortening = 0 | 1 | 2 | 3;

const MOST_SHORTENED: FigureShortening = 3;

/**
 * Shows exact figures whenever they fit and shortens them one at a time only when the controls
 * overflow their row. The row's own width (set by the window, not by these figures) and the
 * figures' text decide; whenever either changes, the exact figures are tried again first. Layout
 * effects run before paint, so a person never sees the overflowing attempt.
 */
export function useFigureFit(controlsRef: RefObject<HTMLElement | null>, figuresText: string): FigureShortening {
  const rowWidth = useRowWidth(controlsRef);
  const fontsReady = useFontsReady();
  const attemptKey = `${figuresText}|${rowWidth}|${fontsReady}`;
  const [fit, setFit] = useState<{ key: string; shortening: FigureShortening }>({ key: '', shortening: 0 });
  const shortening = fit.key === attemptKey ? fit.shortening : 0;

  useLayoutEffect(() => {
    const controls = controlsRef.current;
    if (!controls || shortening >= MOST_SHORTENED) return;
    if (controls.scrollWidth > controls.clientWidth) {
      setFit({ key: attemptKey, shortening: (shortening + 1) as FigureShortening });
    }
  }, [controlsRef, attemptKey, shortening]);

  return shortening;
}

/** The width of the row holding the controls; it follows the window, so watching it cannot loop. */
function useRowWidth(controlsRef: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const row = controlsRef.current?.parentElement;
    if (!row || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(row);
    return () => observer.disconnect();
  }, [controlsRef]);
  return width;
}

/** Inter arrives after the first paint and is wider than the fallback font: measure again then. */
function useFontsReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void document.fonts?.ready.then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
