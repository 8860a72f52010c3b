/** What the speech scenarios do as a signed-in user of a running server: sign up, submit, poll. */

/** Limits that let one machine play many users (the bench, not production). */
export const MANY_USERS_ENV = {
  SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
  SPEECH_REQUESTS_PER_MINUTE: '10000',
  SPEECH_REQUESTS_PER_IP_PER_MINUTE: '10000',
  SPEECH_ACTIVE_TASKS_PER_USER: '100',
};

/** Signs a new user up and answers their session cookie. */
export async function signUp(baseUrl: string, label: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: `${label}@example.test`, password: 'bench password 123', name: label }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** A task submission: the preset studio's route, or the clone studio's (which takes any eSpeak voice). */
export type SubmitRoute = { studio: 'preset'; voiceId: string; modelId: string } | { studio: 'clone'; voiceId: string };

export async function submitTask(baseUrl: string, cookie: string, text: string, route: SubmitRoute): Promise<string> {
  const request =
    route.studio === 'preset'
      ? { url: '/api/elevenlabs/tts', body: { text, voice_id: route.voiceId, model_id: route.modelId } }
      : {
          url: '/api/tts',
          body: {
            text,
            model: 'speech-2.8-hd',
            voice_setting: { voice_id: route.voiceId, vol: 1, pitch: 0, speed: 1 },
            language_boost: 'Auto',
            with_transcript: false,
          },
        };
  const response = await fetch(`${baseUrl}${request.url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl, cookie },
    body: JSON.stringify(request.body),
  });
  if (!response.ok) throw new Error(`submit failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { task_id: string }).task_id;
}

export async function taskStatus(baseUrl: string, cookie: string, taskId: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/elevenlabs/task/${taskId}`, { headers: { cookie } });
  return ((await response.json()) as { status: string }).status;
}

export const isFinished = (status: string) => status === 'done' || status === 'failed';

/** Waits until every task is done; a failed task is an error (the numbers would mean nothing). */
export async function waitUntilDone(
  baseUrl: string,
  cookie: string,
  taskIds: string[],
  { everyMs = 250, timeoutMs = 300_000 } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const statuses = await Promise.all(taskIds.map((id) => taskStatus(baseUrl, cookie, id)));
    if (statuses.includes('failed')) throw new Error('a bench task failed');
    if (statuses.every(isFinished)) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`tasks did not finish within ${timeoutMs / 1000} s`);
}

/** The middle value; with an even count, the mean of the two middle ones (not the upper one). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? Number.NaN;
  return ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};
