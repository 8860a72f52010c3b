export interface TocEntry {
  id: string;
  title: string;
}

/** In-page links to each section; sticks beside the text on wide screens. */
export function TableOfContents({ entries }: { entries: readonly TocEntry[] }) {
  return (
    <nav
      aria-labelledby="toc-heading"
      className="rounded-card border border-line bg-card p-5 lg:sticky lg:top-24 lg:border-0 lg:bg-transparent lg:p-0"
    >
      <h2 id="toc-heading" className="text-xs font-semibold tracking-wider text-muted uppercase">
        On this page
      </h2>
      <ol className="mt-3 space-y-1 text-sm">
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              className="block rounded-control px-2 py-1.5 text-muted hover:bg-accent-soft hover:text-accent-strong lg:-mx-2"
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
