import type { ApiPrincipal } from '../../api-keys/index.js';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { apiKeyGuard } from '../principal.js';
import type { ApiUsageService, KeyUsage } from '../usage-service.js';
import { ERRORS, TAGS } from './schemas.js';
import { type ElevenLabsSubscription, elevenLabsSubscriptionWithInvoices, elevenLabsUser } from './user-schemas.js';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

interface UserRouteDeps {
  usage: ApiUsageService;
  preHandler: ReturnType<typeof apiKeyGuard>;
}

/**
 * GET /v1/user and /v1/user/subscription (the SDK's `user.get()` and `user.subscription.get()`), so
 * tools that show the characters left can. Any live key may read its own figures: no scope needed.
 */
export function elevenLabsUserRoutes(app: ZodApp, { usage, preHandler }: UserRouteDeps): void {
  app.get(
    '/v1/user/subscription',
    {
      preValidation: preHandler,
      schema: {
        tags: TAGS,
        summary: 'This key’s characters this month and the characters it may still speak',
        response: { 200: elevenLabsSubscriptionWithInvoices, ...ERRORS },
      },
    },
    async (request) => ({
      ...subscriptionView(await usage.usage(principalOf(request))),
      next_invoice: null,
      open_invoices: [],
      has_open_invoices: false,
    }),
  );

  app.get(
    '/v1/user',
    {
      preValidation: preHandler,
      schema: {
        tags: TAGS,
        summary: 'The key’s owner, with the same figures as /v1/user/subscription',
        response: { 200: elevenLabsUser, ...ERRORS },
      },
    },
    async (request) => {
      const figures = await usage.usage(principalOf(request));
      return {
        user_id: figures.userId,
        // No workspaces here: each user is their own.
        workspace_id: figures.userId,
        subscription: subscriptionView(figures),
        is_new_user: false,
        can_use_delayed_payment_methods: false,
        is_onboarding_completed: true,
        is_onboarding_checklist_completed: true,
        first_name: figures.userName.split(/\s+/)[0] || null,
        is_api_key_hashed: true,
        xi_api_key_preview: null,
        created_at: Math.floor(figures.userCreatedAt.getTime() / 1000),
        seat_type: 'workspace_admin',
      };
    },
  );
}

/** The key of a request that passed apiKeyGuard; no scope is needed to read a key's own figures. */
function principalOf(request: FastifyRequest): ApiPrincipal {
  if (!request.apiPrincipal) throw new Error('apiKeyGuard let a request through without a key');
  return request.apiPrincipal;
}

/** Sayso's figures in ElevenLabs' subscription shape (the mapping is documented in docs/api.md). */
function subscriptionView(usage: KeyUsage): ElevenLabsSubscription {
  const currency = usage.currency.toLowerCase();
  return {
    tier: 'sayso_credits',
    character_count: usage.characterCount,
    character_limit: usage.characterLimit,
    max_character_limit_extension: 0,
    max_credit_limit_extension: 0,
    can_extend_character_limit: false,
    allowed_to_extend_character_limit: false,
    next_character_count_reset_unix: Math.floor(usage.resetsAt.getTime() / 1000),
    voice_slots_used: usage.clonedVoices,
    professional_voice_slots_used: 0,
    professional_voice_slots_used_in_workspace: 0,
    voice_limit: usage.clonedVoiceLimit,
    max_voice_add_edits: null,
    voice_add_edit_counter: 0,
    professional_voice_limit: 0,
    can_extend_voice_limit: false,
    can_use_instant_voice_cloning: true,
    can_use_professional_voice_cloning: false,
    currency,
    // Credits are paid for up front: nothing is ever owed.
    current_overage: { amount: '0', currency },
    status: 'active',
    billing_period: null,
    character_refresh_period: 'monthly_period',
  };
}
