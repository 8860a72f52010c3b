import { z } from 'zod';

/**
 * Every error the API answers: one message, meant for the user (the spec's texts), and its code
 * from the server's error registry (listed in docs/api.md). Clients branch on the code: a message
 * may be reworded, a code keeps its meaning.
 */
export const errorBody = z.object({ error: z.string(), code: z.string() });
export type ErrorBody = z.infer<typeof errorBody>;
