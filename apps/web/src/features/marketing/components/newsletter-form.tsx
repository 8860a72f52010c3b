import { CheckCircle2, Mail } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { InlineMessage } from '@/components/ui/inline-message';
import { useSupportEmail } from '../hooks/use-support-email';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';

/**
 * The newsletter box: Subscribe stores the address for staff, who send new articles and can
 * export the list from the admin panel. It says plainly what happens and how to leave the list.
 */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const subscription = useSubscribeNewsletter();
  const supportEmail = useSupportEmail();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    subscription.mutate(email);
  };

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
          Practical notes on speech synthesis, voice cloning and writing for audio. No spam; to leave the list, email{' '}
          <a href={`mailto:${supportEmail}`} className="font-medium text-accent-strong underline">
            {supportEmail}
          </a>
          .
        </p>
      </div>
      <div className="mt-6 w-full md:mt-0 md:max-w-md">
        {subscription.isSuccess ? (
          <p
            role="status"
            className="flex items-start gap-2 rounded-control border border-success/30 bg-success-soft px-4 py-3 text-sm text-success"
          >
            <CheckCircle2 aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              You are subscribed: new articles will go to <strong>{subscription.data.email}</strong>.
            </span>
          </p>
        ) : (
          <form className="flex flex-col gap-3 sm:flex-row" onSubmit={submit} noValidate>
            <label htmlFor="newsletter-email" className="sr-only">
              Email address
            </label>
            <input
              id="newsletter-email"
              type="email"
              name="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder="you@example.com"
              aria-invalid={subscription.isError || undefined}
              className="min-w-0 flex-1 rounded-control border border-line bg-card px-4 py-2.5 text-sm text-ink placeholder:text-muted/70 focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
            />
            <button
              type="submit"
              disabled={subscription.isPending}
              aria-busy={subscription.isPending}
              className={buttonStyles.primary}
            >
              {subscription.isPending ? 'Subscribing…' : 'Subscribe'}
            </button>
          </form>
        )}
        {subscription.isError && (
          <div className="mt-3">
            <InlineMessage tone="error" messageKey={subscription.error.message}>
              {subscription.error.message}
            </InlineMessage>
          </div>
        )}
      </div>
    </section>
  );
}
