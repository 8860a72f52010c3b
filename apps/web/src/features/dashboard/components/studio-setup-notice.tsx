import { Hammer } from 'lucide-react';

/** What a studio page shows until the studio itself is in place: an honest note. */
export function StudioSetupNotice({ studio }: { studio: string }) {
  return (
    <section className="flex flex-col items-center rounded-card border border-dashed border-line bg-card px-6 py-14 text-center">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Hammer aria-hidden className="h-6 w-6" />
      </span>
      <p className="mt-4 max-w-md text-muted">The {studio} is being set up and is not available yet.</p>
    </section>
  );
}
