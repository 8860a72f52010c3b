// A Fastify server with one route that only answers JSON, run in its own process like the real
// server, so the comparison does not share the load generator's event loop.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ ok: true }));
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${address}\n`);
