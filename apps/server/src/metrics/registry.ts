import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics, in Prometheus' terms. One registry per process (as Prometheus scrapes a
 * process, not an app): the API and each worker serve their own. prom-client's default metrics add
 * event-loop lag, resident memory, heap and CPU seconds.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

export const httpRequestDuration = new Histogram({
  name: 'sayso_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  registers,
});

export const speechQueueWait = new Histogram({
  name: 'sayso_speech_queue_wait_seconds',
  help: 'Time a speech task waited between submission and the start of its render',
  buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 600],
  registers,
});

export const speechTaskDuration = new Histogram({
  name: 'sayso_speech_task_duration_seconds',
  help: 'Render time of finished speech tasks by engine and outcome (completed, failed, or left: a stream whose client went away)',
  labelNames: ['engine', 'outcome'] as const,
  buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900, 1800],
  registers,
});

export const speechRealTimeFactor = new Histogram({
  name: 'sayso_speech_real_time_factor',
  help: 'Render time divided by the length of the audio made, by engine (below 1 is faster than real time)',
  labelNames: ['engine'] as const,
  buckets: [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
  registers,
});

export const engineErrors = new Counter({
  name: 'sayso_engine_errors_total',
  help: 'Speech tasks that failed, by engine and error code',
  labelNames: ['engine', 'code'] as const,
  registers,
});

export const creditsCaptured = new Counter({
  name: 'sayso_credits_captured_total',
  help: 'Credits spent on finished speech (held credits captured), in this process',
  registers,
});

export const databaseLockWait = new Histogram({
  name: 'sayso_embedded_database_lock_wait_seconds',
  help: 'Time a statement waited for the embedded database (PGlite serves one at a time)',
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers,
});

/** Where the queue's depth is read from at scrape time; set by the app that owns the database. */
type QueueDepthSource = () => Promise<number>;
const queueDepthSources = new Set<QueueDepthSource>();

new Gauge({
  name: 'sayso_speech_queue_depth',
  help: 'Speech tasks waiting for a worker (read from the database when scraped)',
  registers,
  async collect() {
    let depth = 0;
    for (const source of queueDepthSources) depth += await source();
    this.set(depth);
  },
});

/** Reads the queue depth from `source` at each scrape until the returned function is called. */
export function watchQueueDepth(source: QueueDepthSource): () => void {
  queueDepthSources.add(source);
  return () => queueDepthSources.delete(source);
}
