import { z } from 'zod';

export const creditPack = z.object({
  id: z.string(),
  credits: z.number().int(),
  price: z.number(),
  currency: z.literal('PKR'),
  features: z.array(z.string()),
});
export type CreditPack = z.infer<typeof creditPack>;

export const creditPackList = z.object({ packs: z.array(creditPack) });
export type CreditPackList = z.infer<typeof creditPackList>;

/** POST /api/purchases: the same key always means the same purchase, so a retry never pays twice. */
export const purchaseRequest = z.object({
  packId: z.string().min(1, 'Choose a credit pack'),
  idempotencyKey: z.string().min(8, 'A purchase key is required').max(100),
});
export type PurchaseRequest = z.infer<typeof purchaseRequest>;

export const purchaseResult = z.object({
  purchaseId: z.string(),
  packId: z.string(),
  credits: z.number().int(),
  price: z.number(),
  currency: z.string(),
  balance: z.number(),
  creditsAfter: z.number().int(),
});
export type PurchaseResult = z.infer<typeof purchaseResult>;
