import type { NewsletterSignup, NewsletterSubscribed } from '@sayso/contract/site';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** Puts an address on the blog's newsletter; the server keeps it once, in lower case. */
export const subscribeNewsletter = (email: string) =>
  apiRequest<NewsletterSubscribed>('/newsletter', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email } satisfies NewsletterSignup),
  });

export const useSubscribeNewsletter = () => useMutation({ mutationFn: subscribeNewsletter });
