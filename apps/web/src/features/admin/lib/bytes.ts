/** Sizes as operators read them: decimal megabytes (like download pages), one decimal below 10 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1_000_000) return `${Math.max(1, Math.round(bytes / 1000))} KB`;
  const megabytes = bytes / 1_000_000;
  if (megabytes >= 1000) return `${(megabytes / 1000).toFixed(1)} GB`;
  return `${megabytes.toFixed(megabytes < 10 ? 1 : 0)} MB`;
}
