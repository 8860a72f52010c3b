export function PageLoading() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-sm text-muted">
      <span
        className="mr-3 h-5 w-5 animate-spin rounded-full border-2 border-accent border-t-transparent"
        aria-hidden
      />
      Loading…
    </div>
  );
}
