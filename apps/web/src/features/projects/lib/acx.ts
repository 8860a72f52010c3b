/** A level in decibels relative to full scale; the server reports digital silence as -200. */
export function formatDb(db: number): string {
  if (db <= -200) return 'silence';
  return `${db.toFixed(1).replace('-', '−')} dB`;
}

export const formatSeconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** What each of the server's failure names means, with ACX's limit. */
const FAILURES: Record<string, string> = {
  rms: 'RMS must be between −23 and −18 dB.',
  peak: 'Peaks must be at most −3 dB.',
  noiseFloor: 'The noise floor must be at most −60 dB.',
  head: 'The start needs 0.5 to 1 s of room tone.',
  tail: 'The end needs 1 to 5 s of room tone.',
};

export const acxFailureText = (name: string): string => FAILURES[name] ?? name;
