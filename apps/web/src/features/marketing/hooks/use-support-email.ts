import { useSiteConfig } from '@/lib/site/get-site-config';

/** Shown until the site configuration arrives (and if it cannot be loaded). */
export const FALLBACK_SUPPORT_EMAIL = 'support@sayso.local';

export function useSupportEmail(): string {
  const { data: config } = useSiteConfig();
  return config?.supportEmail ?? FALLBACK_SUPPORT_EMAIL;
}
