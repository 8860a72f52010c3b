import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ChapterRecording } from './chapter-files';
import { cueIndexAt } from './chapter-files';

/**
 * Plays one chapter's recording and follows along: which block is being read, and playing from
 * any block (its cue's start). A block asked for before the audio has arrived plays once it has.
 */
export function useChapterPlayer(recording: ChapterRecording | undefined) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [current, setCurrent] = useState(-1);
  const [pendingStart, setPendingStart] = useState<number | null>(null);

  const source = useMemo(
    () => (recording ? URL.createObjectURL(new Blob([recording.mp3 as BlobPart], { type: 'audio/mpeg' })) : null),
    [recording],
  );
  useEffect(() => () => (source ? URL.revokeObjectURL(source) : undefined), [source]);

  const cues = recording?.cues ?? [];
  const startAt = useCallback(
    (blockIndex: number) => {
      const element = audio.current;
      const cue = recording?.cues[blockIndex];
      if (!element || !cue) return;
      element.currentTime = cue.startMs / 1000;
      setCurrent(blockIndex);
      void element.play().catch(() => {
        // Refused (no gesture in this tab yet): the controls stay for the person to press play.
      });
    },
    [recording],
  );

  useEffect(() => {
    if (pendingStart === null || !source) return;
    setPendingStart(null);
    // The element has its new source after this render; wait for it to know its length.
    const element = audio.current;
    if (!element) return;
    if (element.readyState >= 1) startAt(pendingStart);
    else element.addEventListener('loadedmetadata', () => startAt(pendingStart), { once: true });
  }, [pendingStart, source, startAt]);

  return {
    audioRef: audio,
    source,
    /** The index of the block being read, -1 before the first. */
    current,
    onTimeUpdate: () => setCurrent(cueIndexAt(cues, (audio.current?.currentTime ?? 0) * 1000)),
    playFrom: (blockIndex: number) => (source ? startAt(blockIndex) : setPendingStart(blockIndex)),
  };
}
