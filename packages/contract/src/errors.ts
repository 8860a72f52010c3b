import { z } from 'zod';

/** Every error the API answers: one message, meant for the user (the spec's texts). */
export const errorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;
