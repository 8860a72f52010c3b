/**
 * Where a player on a task's live stream is, so the finished file can take over from there
 * (decision 0025): the stream has no length and cannot seek, the finished file can.
 */
export interface PlaybackPoint {
  time: number;
  playing: boolean;
}

/** The live player's position, or null when there is nothing to carry over (never started, or played out). */
export function playbackPoint(element: HTMLAudioElement | null): PlaybackPoint | null {
  if (!element || element.ended || element.currentTime <= 0) return null;
  return { time: element.currentTime, playing: !element.paused };
}

/**
 * Moves a player of the finished file to where the stream was, and plays on if the stream was
 * playing. A refused play() leaves it paused there, with its Play button to press.
 */
export function resumeAt(element: HTMLAudioElement, point: PlaybackPoint): void {
  element.currentTime = point.time;
  if (point.playing) element.play().catch(() => {});
}
