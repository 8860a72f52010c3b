import { z } from 'zod';
import { elevenLabsVoice } from './schemas.js';

/** GET /v2/voices: one page of the voices that match, as ElevenLabs' GetVoicesV2Response. */
export const voiceSearchPage = z.object({
  voices: z.array(elevenLabsVoice),
  has_more: z.boolean(),
  total_count: z.number(),
  next_page_token: z.string().nullable(),
});

const price = z.object({ amount: z.string(), currency: z.string() });

/**
 * ElevenLabs' SubscriptionResponse: every field its SDK requires, filled from what Sayso has (a key's
 * characters and the owner's credits and clones); plan and billing fields say there is no plan.
 */
export const elevenLabsSubscription = z.object({
  tier: z.string(),
  character_count: z.number().describe('Characters this key was charged this calendar month (UTC)'),
  character_limit: z
    .number()
    .describe('character_count plus what the key may still speak: the credits, or less under its monthly cap'),
  max_character_limit_extension: z.number().nullable(),
  max_credit_limit_extension: z.number(),
  can_extend_character_limit: z.boolean(),
  allowed_to_extend_character_limit: z.boolean(),
  next_character_count_reset_unix: z.number().nullable(),
  voice_slots_used: z.number(),
  professional_voice_slots_used: z.number(),
  professional_voice_slots_used_in_workspace: z.number(),
  voice_limit: z.number(),
  max_voice_add_edits: z.number().nullable(),
  voice_add_edit_counter: z.number(),
  professional_voice_limit: z.number(),
  can_extend_voice_limit: z.boolean(),
  can_use_instant_voice_cloning: z.boolean(),
  can_use_professional_voice_cloning: z.boolean(),
  currency: z.string().nullable(),
  current_overage: price,
  status: z.string(),
  billing_period: z.string().nullable(),
  character_refresh_period: z.string().nullable(),
});
export type ElevenLabsSubscription = z.infer<typeof elevenLabsSubscription>;

/** GET /v1/user/subscription adds the invoice fields of ElevenLabs' extended subscription. */
export const elevenLabsSubscriptionWithInvoices = elevenLabsSubscription.extend({
  next_invoice: z.null(),
  open_invoices: z.array(z.never()),
  has_open_invoices: z.boolean(),
});

/** GET /v1/user: the key's owner, with the subscription inside. */
export const elevenLabsUser = z.object({
  user_id: z.string(),
  workspace_id: z.string(),
  subscription: elevenLabsSubscription,
  is_new_user: z.boolean(),
  can_use_delayed_payment_methods: z.boolean(),
  is_onboarding_completed: z.boolean(),
  is_onboarding_checklist_completed: z.boolean(),
  first_name: z.string().nullable(),
  is_api_key_hashed: z.boolean(),
  xi_api_key_preview: z.string().nullable(),
  created_at: z.number(),
  seat_type: z.string(),
});
