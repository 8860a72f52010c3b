// A Fastify server with one route that only answers JSON, run in its own process like the real
// server, so the comparison does not share the load generator's event loop. BARE_ANSWER (a
// BareAnswer as JSON) replaces the answer with given bytes and headers.
import Fastify from 'fastify';
import type { BareAnswer } from './bare-fastify.js';

const answer = process.env.BARE_ANSWER ? (JSON.parse(process.env.BARE_ANSWER) as BareAnswer) : null;
const app = Fastify({ logger: false });
if (answer) {
  app.get('/bare', (_request, reply) =>
    reply.headers(answer.headers).type('application/json; charset=utf-8').send(answer.body),
  );
} else {
  app.get('/bare', async () => ({ ok: true }));
}
const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${address}\n`);
