import { z } from 'zod';

/** What a key may do: speak, list voices, add and delete cloned voices. */
export const apiKeyScope = z.enum(['speech', 'voices:read', 'voices:write']);
export type ApiKeyScope = z.infer<typeof apiKeyScope>;
export const API_KEY_SCOPES = apiKeyScope.options;

/** POST /api/api-keys. */
export const apiKeyCreate = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  scopes: z.array(apiKeyScope).min(1, 'Choose at least one scope'),
  /** Characters the key may speak per calendar month (UTC); null or absent for no cap. */
  monthlyCharacterCap: z
    .number()
    .int('The monthly cap must be a whole number')
    .positive('The monthly cap must be greater than 0')
    .max(1_000_000_000)
    .nullable()
    .optional(),
});
export type ApiKeyCreate = z.infer<typeof apiKeyCreate>;

export const apiKey = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret's first characters, enough to tell keys apart. */
  prefix: z.string(),
  scopes: z.array(apiKeyScope),
  monthlyCharacterCap: z.number().nullable(),
  charactersThisMonth: z.number(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKey>;

export const apiKeyList = z.object({ keys: z.array(apiKey) });
export type ApiKeyList = z.infer<typeof apiKeyList>;

/** The answer to a create: the key, and its secret, which is never shown again. */
export const apiKeyCreated = z.object({ key: apiKey, secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;

export const apiKeyParams = z.object({ id: z.string().min(1) });

/** The secret that signs the user's completion callbacks (HMAC-SHA256). */
export const signingSecret = z.object({ secret: z.string() });
export type SigningSecret = z.infer<typeof signingSecret>;
