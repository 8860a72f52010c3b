import { type LoadResult, runCannon } from './http-load.js';

export interface BenchUser {
  cookie: string;
  taskId: string;
}

/** Environment for a server whose limits let one machine play many users (the bench, not production). */
export const SPEECH_BENCH_ENV = {
  // Submissions are measured as a route: hold credits, record the task, enqueue. No worker drains
  // the queue, so the numbers are not mixed with synthesis on the same two cores.
  RUN_WORKERS: 'false',
  SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
  SPEECH_REQUESTS_PER_MINUTE: '10000',
  SPEECH_REQUESTS_PER_IP_PER_MINUTE: '10000',
  // The most the configuration allows. With no worker every task stays active, so a scenario
  // must spread its submissions over enough users to stay under it.
  SPEECH_ACTIVE_TASKS_PER_USER: '100',
};

/** Short, so a bench user's 10,000 free credits last thousands of submissions. */
const TEXT = 'One short line.';

async function signUp(baseUrl: string, email: string): Promise<string> {
  const send = () =>
    fetch(`${baseUrl}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl },
      body: JSON.stringify({ email, password: 'bench password 123', name: 'Bench user' }),
    });
  let response = await send();
  // A server that has just started on a busy machine may shed load (503): wait and ask again.
  for (let attempt = 1; response.status === 503 && attempt <= 10; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    response = await send();
  }
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

export function submitRequest(baseUrl: string, cookie: string) {
  return {
    method: 'POST',
    path: '/api/elevenlabs/tts',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ text: TEXT, voice_id: 'espeak-en-us-f2', model_id: 'espeak-ng' }),
  };
}

const pollRequest = (user: BenchUser) => ({
  method: 'GET',
  path: `/api/elevenlabs/task/${user.taskId}`,
  headers: { cookie: user.cookie },
});

/** Signs `count` users up (tagged, so servers can be reused) and submits one task for each. */
export async function benchUsers(baseUrl: string, count: number, tag: string): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let index = 0; index < count; index += 1) {
    const cookie = await signUp(baseUrl, `bench-${tag}-${index}@example.test`);
    const { method, headers, body } = submitRequest(baseUrl, cookie);
    const response = await fetch(`${baseUrl}/api/elevenlabs/tts`, { method, headers, body });
    if (!response.ok) throw new Error(`submission failed: ${response.status} ${await response.text()}`);
    const { task_id: taskId } = (await response.json()) as { task_id: string };
    users.push({ cookie, taskId });
  }
  return users;
}

const pick = <T>(items: T[], index: number): T => {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('no bench users');
  return item;
};

/** Each connection polls its own user's task, as the studio's poller does. */
export function measurePoll(baseUrl: string, users: BenchUser[], connections: number, duration: number) {
  return runCannon('GET /api/elevenlabs/task/{id} (session + task)', baseUrl, {
    connections,
    duration,
    request: (index) => pollRequest(pick(users, index)),
  });
}

/** Each connection submits as its own user (so per-user locks and holds behave as for real people). */
export function measureSubmit(baseUrl: string, users: BenchUser[], connections: number, amount: number) {
  return runCannon('POST /api/elevenlabs/tts (limits + hold + task + enqueue)', baseUrl, {
    connections,
    amount,
    request: (index) => submitRequest(baseUrl, pick(users, index).cookie),
  });
}

export interface CrowdResult {
  polls: LoadResult;
  submissions: LoadResult;
}

/**
 * The studio at a busy moment: `pollers` connections polling while `submitters` submit, all at
 * once for `duration` seconds. Pollers poll the tasks of the first `submitters` users (ten share
 * each, as tabs of a studio would); each submitter takes turns between its users (every
 * `submitters`-th of `users`), so no user reaches the cap on unfinished tasks. A request with no
 * answer within 10 s counts as unanswered (autocannon's timeout).
 */
export async function measureCrowd(
  baseUrl: string,
  users: BenchUser[],
  { pollers, submitters, duration }: { pollers: number; submitters: number; duration: number },
): Promise<CrowdResult> {
  const [polls, submissions] = await Promise.all([
    runCannon(`${pollers} pollers`, baseUrl, {
      connections: pollers,
      duration,
      timeout: 10,
      request: (index) => pollRequest(pick(users.slice(0, submitters), index)),
    }),
    runCannon(`${submitters} submitters`, baseUrl, {
      connections: submitters,
      duration,
      timeout: 10,
      request: (index) =>
        users
          .filter((_, n) => n % submitters === index % submitters)
          .map((user) => submitRequest(baseUrl, user.cookie)),
    }),
  ]);
  return { polls, submissions };
}
