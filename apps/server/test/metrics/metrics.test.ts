import type { FastifyInstance } from 'fastify';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { creditCost } from '../../src/domains/accounts/index.js';
import { EngineError } from '../../src/engines/speech-engine.js';
import { serveWorkerMetrics } from '../../src/metrics/http.js';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { scriptedEngine, waitForTask } from '../helpers/speech.js';

const TOKEN = 'metrics-token-for-tests-0123456789';

async function scrape(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  return { families: parsePrometheusTextFormat(response.body), text: response.body };
}

/**
 * The value of one sample line, found by name and labels. The parser above checks the whole text and
 * reads families and types, but folds a histogram's labelled series into one, so labelled samples
 * are read here, by the exposition format's rule: `name{label="value",...} number`.
 */
function sampleValue(text: string, name: string, labels: Record<string, string>): number | null {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return null;
}

/** The family by name, or a failure that names it. */
function family(families: ReturnType<typeof parsePrometheusTextFormat>, name: string) {
  const found = families.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no ${name} in the scrape`);
  return found;
}

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN, and refuses a missing or wrong token with 401', async () => {
    const without = await buildTestApp();
    expect((await without.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);

    const app = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    const missing = await app.inject({ method: 'GET', url: '/metrics' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ code: 'METRICS_TOKEN_INVALID' });
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN.replace('0', '1')}` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('serves the Prometheus text format with requests by route pattern, the queue, the database and the process', async () => {
    const app = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    await app.inject({ method: 'GET', url: '/api/health' });
    await app.inject({ method: 'GET', url: '/api/history/some-id/timeline' });
    const { families, text } = await scrape(app);

    expect(family(families, 'sayso_http_request_duration_seconds').type).toBe('HISTOGRAM');
    const healthCount = { method: 'GET', route: '/api/health', status_code: '200' };
    expect(sampleValue(text, 'sayso_http_request_duration_seconds_count', healthCount)).toBeGreaterThanOrEqual(1);
    // By pattern, so an id never makes a series of its own.
    expect(text).toContain('route="/api/history/:id/timeline"');
    expect(text).not.toContain('some-id');

    expect(family(families, 'sayso_speech_queue_depth').type).toBe('GAUGE');
    for (const name of [
      'sayso_speech_queue_wait_seconds',
      'sayso_speech_task_duration_seconds',
      'sayso_speech_real_time_factor',
      'sayso_embedded_database_lock_wait_seconds',
    ]) {
      expect(family(families, name).type).toBe('HISTOGRAM');
    }
    expect(family(families, 'sayso_engine_errors_total').type).toBe('COUNTER');
    expect(family(families, 'sayso_credits_captured_total').type).toBe('COUNTER');
    // The embedded database served the requests above, each statement after its turn at the lock.
    expect(Number(family(families, 'sayso_embedded_database_lock_wait_seconds').metrics[0]?.count)).toBeGreaterThan(0);
    // prom-client's process metrics: memory, CPU and event-loop lag.
    expect(Number(family(families, 'process_resident_memory_bytes').metrics[0]?.value)).toBeGreaterThan(10_000_000);
    expect(family(families, 'process_cpu_seconds_total').type).toBe('COUNTER');
    expect(family(families, 'nodejs_eventloop_lag_seconds').type).toBe('GAUGE');
  });

  it('moves the queue, duration, real-time-factor, credit and engine-error series as tasks finish', async () => {
    // The real eSpeak engine; text about an outage fails as a provider outage would.
    const { engine } = scriptedEngine((_index, request) => {
      if (request.text.includes('outage')) throw new EngineError('The engine went away.', 'unavailable');
    });
    const app = await buildTestApp({ env: { METRICS_TOKEN: TOKEN }, engines: [engine] });
    const user = await signedInUser(app);
    const submit = async (text: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/tts',
        headers: { origin: ORIGIN, cookie: user.cookie },
        payload: { text, voice_setting: { voice_id: 'espeak-en-us-f2' } },
      });
      expect(response.statusCode).toBe(200);
      return waitForTask(app, (response.json() as { task_id: string }).task_id, user.cookie);
    };
    const read = async () => {
      const { text } = await scrape(app);
      const value = (name: string, labels: Record<string, string> = {}) => sampleValue(text, name, labels) ?? 0;
      return {
        waits: value('sayso_speech_queue_wait_seconds_count'),
        completed: value('sayso_speech_task_duration_seconds_count', { engine: 'espeak', outcome: 'completed' }),
        failed: value('sayso_speech_task_duration_seconds_count', { engine: 'espeak', outcome: 'failed' }),
        rtf: value('sayso_speech_real_time_factor_count', { engine: 'espeak' }),
        credits: value('sayso_credits_captured_total'),
        unavailable: value('sayso_engine_errors_total', { engine: 'espeak', code: 'ENGINE_UNAVAILABLE' }),
      };
    };

    const before = await read();
    // Over 150 characters: a shorter text in a demo voice is the landing page's free demo, which holds nothing.
    const spoken = 'Metrics count this sentence, and the next one too. '.repeat(4).trim();
    expect((await submit(spoken)).status).toBe('done');
    const afterDone = await read();
    expect(afterDone.waits - before.waits).toBe(1);
    expect(afterDone.completed - before.completed).toBe(1);
    expect(afterDone.rtf - before.rtf).toBe(1);
    expect(afterDone.credits - before.credits).toBe(creditCost(spoken));

    expect((await submit('This one meets an outage, as a provider might have one. '.repeat(4).trim())).status).toBe(
      'failed',
    );
    const afterFailure = await read();
    expect(afterFailure.failed - afterDone.failed).toBe(1);
    expect(afterFailure.unavailable - afterDone.unavailable).toBe(1);
    // A failure spends nothing.
    expect(afterFailure.credits).toBe(afterDone.credits);
  });

  it('reports the tasks waiting in line', async () => {
    // No worker takes the task, so it stays queued.
    const app = await buildTestApp({ env: { METRICS_TOKEN: TOKEN, RUN_WORKERS: 'false' } });
    const user = await signedInUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/tts',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: { text: 'Waiting in line.', voice_setting: { voice_id: 'espeak-en-us-f2' } },
    });
    expect(response.statusCode).toBe(200);
    expect(sampleValue((await scrape(app)).text, 'sayso_speech_queue_depth', {})).toBeGreaterThanOrEqual(1);
  });

  it('is served alone on its own port by a worker, with the same token', async () => {
    const server = await serveWorkerMetrics(TOKEN, '127.0.0.1', 0);
    try {
      const address = server.address();
      if (typeof address !== 'object' || !address) throw new Error('not listening');
      const url = `http://127.0.0.1:${address.port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const scraped = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(scraped.status).toBe(200);
      const families = parsePrometheusTextFormat(await scraped.text());
      expect(family(families, 'process_resident_memory_bytes').type).toBe('GAUGE');
      expect((await fetch(`http://127.0.0.1:${address.port}/other`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
