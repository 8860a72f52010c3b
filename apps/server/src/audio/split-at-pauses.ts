/**
 * Cuts PCM into `count` pieces at its `count - 1` long pauses: runs of near-silence at least
 * `minPauseMs` long that neither start nor end the audio. Answers null when the audio does not have
 * exactly that many, so a caller never gets pieces cut in the wrong places. Each piece keeps none
 * of the pause around it.
 */
export function splitAtPauses(
  samples: Int16Array,
  sampleRate: number,
  count: number,
  minPauseMs: number,
  silentBelow = 32,
): Int16Array[] | null {
  const minRun = Math.round((minPauseMs / 1000) * sampleRate);
  const pauses: { start: number; end: number }[] = [];
  let runStart = -1;
  for (let i = 0; i <= samples.length; i += 1) {
    const silent = i < samples.length && Math.abs(samples[i] ?? 0) < silentBelow;
    if (silent && runStart < 0) runStart = i;
    if (!silent && runStart >= 0) {
      const inside = runStart > 0 && i < samples.length;
      if (inside && i - runStart >= minRun) pauses.push({ start: runStart, end: i });
      runStart = -1;
    }
  }
  if (pauses.length !== count - 1) return null;
  const bounds = [0, ...pauses.flatMap((pause) => [pause.start, pause.end]), samples.length];
  const pieces: Int16Array[] = [];
  for (let i = 0; i < bounds.length; i += 2) pieces.push(samples.subarray(bounds[i], bounds[i + 1]));
  return pieces;
}
