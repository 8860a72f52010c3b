import { useEffect, useState } from 'react';

const PIECES = 50;
const LIFETIME_MS = 4_000;
const COLOURS = ['#4f46e5', '#818cf8', '#f59e0b', '#10b981', '#ec4899', '#0ea5e9'];

// Fixed per render of the module, so the pieces do not jump when the dialog re-renders.
const pieces = Array.from({ length: PIECES }, (_, i) => ({
  left: (i * 37) % 100,
  delay: (i % 10) * 0.08,
  duration: 2.2 + ((i * 7) % 10) / 10,
  colour: COLOURS[i % COLOURS.length],
  size: 6 + (i % 4) * 2,
  turn: (i * 53) % 360,
}));

/** The spec's celebration: 50 falling pieces, gone after 4 seconds. Decorative only. */
export function Confetti() {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = window.setTimeout(() => setVisible(false), LIFETIME_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div aria-hidden data-testid="confetti" className="pointer-events-none fixed inset-0 z-[60] overflow-hidden">
      {pieces.map((piece, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces are a fixed list that never reorders.
          key={i}
          className="confetti-piece absolute top-0 block rounded-sm"
          style={{
            left: `${piece.left}%`,
            width: piece.size,
            height: piece.size * 0.45,
            background: piece.colour,
            transform: `rotate(${piece.turn}deg)`,
            animationDelay: `${piece.delay}s`,
            animationDuration: `${piece.duration}s`,
          }}
        />
      ))}
    </div>
  );
}
