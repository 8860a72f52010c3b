import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const preferencesBody = z.object({
  preferredVoiceId: z.string().nullable(),
  preferredVoiceName: z.string().nullable(),
  lastUpdated: z.string().nullable(),
});

/** userPreferences (spec section 3): the voice /dashboard2 opens with. */
export const preferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/preferences',
    {
      preHandler: app.requireUser,
      schema: { tags: ['speech'], summary: 'The signed-in user’s preferences', response: { 200: preferencesBody } },
    },
    async (request) => {
      const row = await app.db
        .selectFrom('user_preferences')
        .selectAll()
        .where('user_id', '=', request.user?.id ?? '')
        .executeTakeFirst();
      return {
        preferredVoiceId: row?.preferred_voice_id ?? null,
        preferredVoiceName: row?.preferred_voice_name ?? null,
        lastUpdated: row?.updated_at.toISOString() ?? null,
      };
    },
  );

  app.put(
    '/api/preferences',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['speech'],
        summary: 'Save the preferred voice',
        body: z.object({
          preferredVoiceId: z.string().trim().min(1, 'Voice ID is required').max(200),
          preferredVoiceName: z.string().trim().max(200).default(''),
        }),
        response: { 200: preferencesBody },
      },
    },
    async (request) => {
      const userId = request.user?.id;
      if (!userId) throw new Error('requireUser let a request through without a user');
      const values = {
        preferred_voice_id: request.body.preferredVoiceId,
        preferred_voice_name: request.body.preferredVoiceName || null,
        updated_at: new Date(),
      };
      const row = await app.db
        .insertInto('user_preferences')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
      return {
        preferredVoiceId: row.preferred_voice_id,
        preferredVoiceName: row.preferred_voice_name,
        lastUpdated: row.updated_at.toISOString(),
      };
    },
  );
};
