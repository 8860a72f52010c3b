import Fastify from 'fastify';

/** The floor to compare against: a Fastify route that does nothing but answer JSON. */
export async function startBareFastify(): Promise<{ url: string; close: () => Promise<void> }> {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url: `${address}/bare`, close: () => app.close() };
}
