import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

export type SearchParamChanges = Record<string, string | undefined>;

/**
 * The address's search params, and a way to change some of them (an empty value removes one)
 * without undoing a change that has not rendered yet.
 *
 * React Router renders a navigation inside a transition, and React holds a transition back while
 * something it renders is still loading. Until then the params of the last render (which is also
 * what a functional `setSearchParams` hands over) are the old address: a second change made in that
 * window would start from it and bring back what the first change removed. So each change starts
 * from the address this hook last asked for, until the router has rendered it or gone elsewhere.
 */
export function useSearchParamChanges() {
  const [params, setParams] = useSearchParams();
  const rendered = params.toString();
  // The addresses asked for that have not rendered yet, oldest first.
  const asked = useRef<string[]>([]);

  useEffect(() => {
    const at = asked.current.indexOf(rendered);
    // One of ours has rendered: later ones may still come. Anything else (Back, a link) wins.
    asked.current = at === -1 ? [] : asked.current.slice(at + 1);
  }, [rendered]);

  function change(changes: SearchParamChanges) {
    const next = new URLSearchParams(asked.current.at(-1) ?? rendered);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    asked.current.push(next.toString());
    setParams(next, { replace: true });
  }

  return [params, change] as const;
}
