/** A spinner for a page whose code or data is on its way; `className` can make it taller than half a screen. */
export function PageLoading({ className = 'min-h-[50vh]' }: { className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center text-sm text-muted ${className}`}>
      <span
        className="mr-3 h-5 w-5 animate-spin rounded-full border-2 border-accent border-t-transparent"
        aria-hidden
      />
      Loading…
    </div>
  );
}
