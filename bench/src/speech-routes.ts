import { type LoadResult, runLoad } from './http-load.js';

interface BenchUser {
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
  SPEECH_ACTIVE_TASKS_PER_USER: '100',
};

const TEXT = 'A short line of text, submitted again and again to measure the submission route itself.';

async function signUp(baseUrl: string, index: number): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({
      email: `bench${index}@example.test`,
      password: 'bench password 123',
      name: `Bench ${index}`,
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

function submitInit(baseUrl: string, cookie: string): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify({ text: TEXT, voice_id: 'espeak-en-us-f2', model_id: 'espeak-ng' }),
  };
}

/**
 * Submit and poll under `connections` concurrent clients, one signed-in user each (so per-user
 * limits and credit holds behave as they would for real people): POST /api/elevenlabs/tts and
 * GET /api/elevenlabs/task/{id} of that user's task.
 */
export async function measureSpeechRoutes(
  baseUrl: string,
  { requests, connections }: { requests: number; connections: number },
): Promise<LoadResult[]> {
  const users: BenchUser[] = [];
  for (let index = 0; index < connections; index += 1) {
    const cookie = await signUp(baseUrl, index);
    const response = await fetch(`${baseUrl}/api/elevenlabs/tts`, submitInit(baseUrl, cookie));
    const { task_id: taskId } = (await response.json()) as { task_id: string };
    users.push({ cookie, taskId });
  }
  const user = (index: number) => {
    const found = users[index];
    if (!found) throw new Error(`no bench user ${index}`);
    return found;
  };
  const submit = await runLoad('POST /api/elevenlabs/tts (hold + task + enqueue)', `${baseUrl}/api/elevenlabs/tts`, {
    requests,
    connections,
    init: (index) => submitInit(baseUrl, user(index).cookie),
  });
  // Each client polls its own user's task, as the studio's poller does.
  const poll = await runLoad(
    'GET /api/elevenlabs/task/{id} (owner check + signed links)',
    (index) => `${baseUrl}/api/elevenlabs/task/${user(index).taskId}`,
    { requests, connections, init: (index) => ({ headers: { cookie: user(index).cookie } }) },
  );
  return [submit, poll];
}
