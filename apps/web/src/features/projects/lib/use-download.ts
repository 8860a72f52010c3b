import { useState } from 'react';
import { fetchExport, saveFile } from '../api/exports';

/** Fetches an export and saves it, with its busy state and its failure for the screen. */
export function useDownload() {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  async function download(key: string, url: string) {
    setBusy(key);
    setError(null);
    try {
      const file = await fetchExport(url);
      saveFile(file.blob, file.name);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(null);
    }
  }
  return { busy, error, download };
}
