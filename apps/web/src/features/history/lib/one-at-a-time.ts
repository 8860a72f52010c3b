/** Anything on the page that can be paused. */
interface Pausable {
  pause(): void;
}

let playing: Pausable | null = null;

/** Only one recording plays at a time: starting one pauses whichever was playing. */
export function startedPlaying(player: Pausable): void {
  if (playing && playing !== player) playing.pause();
  playing = player;
}

export function stoppedPlaying(player: Pausable): void {
  if (playing === player) playing = null;
}
