import { Mail } from 'lucide-react';
import { buttonStyles } from '@/components/ui/button-styles';

/** The newsletter box. Subscribing has no action yet, so the form never submits. */
export function NewsletterForm() {
  return (
    <section
      aria-labelledby="newsletter-heading"
      className="rounded-card bg-accent-soft p-6 sm:p-10 md:flex md:items-center md:justify-between md:gap-10"
    >
      <div className="max-w-md">
        <h2 id="newsletter-heading" className="flex items-center gap-2 text-xl font-semibold text-ink">
          <Mail aria-hidden className="h-5 w-5 text-accent" />
          Get new articles by email
        </h2>
        <p className="mt-2 text-sm text-muted">
          Practical notes on speech synthesis, voice cloning and writing for audio. No spam, unsubscribe any time.
        </p>
      </div>
      <form
        className="mt-6 flex w-full flex-col gap-3 sm:flex-row md:mt-0 md:max-w-md"
        onSubmit={(event) => event.preventDefault()}
      >
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          name="email"
          autoComplete="email"
          placeholder="you@example.com"
          className="min-w-0 flex-1 rounded-control border border-line bg-card px-4 py-2.5 text-sm text-ink placeholder:text-muted/70 focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        />
        <button type="button" className={buttonStyles.primary}>
          Subscribe
        </button>
      </form>
    </section>
  );
}
