import { useEffect, useState } from 'react';

/** A notice that clears itself `ms` after it is set; setting a new one starts the time again. */
export function useTimedNotice<T>(ms: number) {
  const [notice, setNotice] = useState<T | null>(null);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), ms);
    return () => clearTimeout(timer);
  }, [notice, ms]);
  return [notice, setNotice] as const;
}
