// autocannon ships no types; this declares only the part of its programmatic API the bench uses.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  /** One connection; setupClient may give it its own request before it starts. */
  export interface Client {
    setRequest(request: Request): void;
    /** Requests the connection sends in turn, over and over. */
    setRequests(requests: Request[]): void;
  }
  export interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Requests in all, instead of a duration. */
    amount?: number;
    /** Seconds before a request without an answer counts as a timeout. */
    timeout?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    setupClient?: (client: Client) => void;
  }
  export interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  /** A run: a promise of its result that also reports each answer as it comes. */
  export interface Instance extends Promise<Result> {
    on(event: 'response', listener: () => void): Instance;
  }
  export default function autocannon(options: Options): Instance;
}
