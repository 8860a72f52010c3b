import type { DefaultCreditsGrant } from '@sayso/contract/admin';
import { apiRequest } from '@/lib/api-client';

/** Gives the default credits, once, to every user who never received them; returns how many got them. */
export const grantDefaultCredits = async (): Promise<number> =>
  (await apiRequest<DefaultCreditsGrant>('/admin/default-credits', { method: 'POST' })).granted;
