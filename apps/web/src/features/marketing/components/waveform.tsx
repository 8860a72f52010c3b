/** The spec's decorative waveform has exactly 100 bars. */
export const WAVEFORM_BAR_COUNT = 100;

// Two slow waves multiplied give a speech-like envelope that is the same on every render.
const BAR_HEIGHTS = Array.from({ length: WAVEFORM_BAR_COUNT }, (_, i) => {
  const envelope = Math.abs(Math.sin((i / WAVEFORM_BAR_COUNT) * Math.PI * 3));
  const detail = 0.55 + 0.45 * Math.abs(Math.sin(i * 0.9) * Math.cos(i * 0.37));
  return Math.round(12 + 88 * envelope * detail);
});

export function Waveform({ className = '' }: { className?: string }) {
  return (
    <div aria-hidden className={`relative overflow-hidden ${className}`}>
      <div data-testid="hero-waveform" className="flex h-20 items-center gap-px sm:h-28 sm:gap-[3px]">
        {BAR_HEIGHTS.map((height, i) => (
          <span
            // The bars never reorder, so their position is a stable key.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative list
            key={i}
            className={`min-w-0 flex-1 rounded-full ${i % 3 === 0 ? 'bg-accent' : 'bg-accent/50'}`}
            style={{ height: `${height}%` }}
          />
        ))}
      </div>
      {/* A quarter as wide as the bars, so sweeping 400% of its own width crosses all of them. */}
      <span className="waveform-sweep pointer-events-none absolute inset-y-0 left-0 w-1/4 bg-linear-to-r from-transparent via-white/50 to-transparent" />
    </div>
  );
}
