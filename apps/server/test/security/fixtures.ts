import type { FastifyInstance } from 'fastify';
import { ADMIN, adminCookie } from '../helpers/admin.js';
import { buildTestApp } from '../helpers/build-app.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

/** A preset voice of the embedded engine, and a text short enough to render in a moment. */
export const PRESET_VOICE = 'espeak-en-us-f2';
export const SHORT_TEXT = 'Short and quick.';

/**
 * The app the security suites probe: the first admin is ADMIN, and (unless a suite needs a finished
 * task) no job workers, so submitted tasks stay queued and nothing renders while the suite runs.
 */
export async function securityApp(options: { workers: boolean; env?: Record<string, string> }) {
  return buildTestApp({
    env: {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      RUN_WORKERS: String(options.workers),
      ...options.env,
    },
  });
}

export interface Owner {
  email: string;
  cookie: string;
  userId: string;
  taskId: string;
  voiceId: string;
  /** The task's signed links, once it is done (null while it waits in the queue). */
  audioUrl: string | null;
  transcriptUrl: string | null;
  /** The first take of the task's first sentence, once it is done (its timeline's). */
  takeId: string | null;
  /** A project made from pasted text: two chapters, three blocks (the first chapter has two). */
  project: { id: string; chapterIds: string[]; blockIds: string[] };
  /** A pronunciation dictionary with one rule, and its latest version. */
  dictionary: { id: string; versionId: string };
  /** Strings that only the owner's data contains: none may appear in an answer to anyone else. */
  markers: string[];
}

/** Clones a voice from a spoken sample through the API, as the clone studio does. */
export async function cloneVoice(app: FastifyInstance, cookie: string, name: string, url = '/api/voice/clone') {
  const form = new FormData();
  form.append('audio', new Blob([await spokenSampleWav()], { type: 'audio/wav' }), 'sample.wav');
  form.append('voice_name', name);
  form.append('language_tag', 'English');
  return app.inject({ method: 'POST', url, headers: { origin: ORIGIN, cookie }, payload: form });
}

function expectOk(what: string, response: { statusCode: number; body: string }) {
  if (response.statusCode !== 200 && response.statusCode !== 201)
    throw new Error(`${what} failed (${response.statusCode}): ${response.body}`);
}

interface OwnerOptions {
  /** Wait until the task is done, so it has signed file links (needs an app with workers). */
  finished: boolean;
  /** Clone a voice (a few seconds); without one, preferences name a preset voice. */
  voice?: boolean;
}

/**
 * A user with something of every kind to protect: a speech task (finished, with signed file links,
 * when asked), a cloned voice, and saved preferences naming that voice.
 */
export async function ownerWithResources(app: FastifyInstance, options: OwnerOptions): Promise<Owner> {
  const user = await signedInUser(app, `owner-${Date.now()}@example.com`);
  const voiceName = `Owner voice ${user.userId.slice(0, 6)}`;
  let voiceId = PRESET_VOICE;
  if (options.voice !== false) {
    const cloned = await cloneVoice(app, user.cookie, voiceName);
    expectOk('cloning the owner’s voice', cloned);
    voiceId = String((cloned.json() as { id: string }).id);
  }

  const taskText = `Owner task text ${user.userId.slice(0, 6)}.`;
  const submitted = await app.inject({
    method: 'POST',
    url: '/api/elevenlabs/tts',
    headers: { origin: ORIGIN, cookie: user.cookie },
    payload: { text: taskText, voice_id: PRESET_VOICE, model_id: 'espeak-ng', with_transcript: true },
  });
  expectOk('submitting the owner’s task', submitted);
  const taskId = (submitted.json() as { task_id: string }).task_id;
  const task = options.finished ? await waitForTask(app, taskId, user.cookie) : null;
  if (task && task.status !== 'done') throw new Error(`the owner’s task ${task.status}: ${task.error_message}`);

  const preferredName = `Preferred ${user.userId.slice(0, 6)}`;
  expectOk(
    'saving the owner’s preferences',
    await app.inject({
      method: 'PUT',
      url: '/api/preferences',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: { preferredVoiceId: voiceId, preferredVoiceName: preferredName },
    }),
  );
  const projectText = `Chapter 1\n\nOwner project ${user.userId.slice(0, 6)} opens here.\n\nIts second paragraph.\n\nChapter 2\n\nThe last paragraph.`;
  const created = await app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { origin: ORIGIN, cookie: user.cookie },
    payload: { title: `Owner project ${user.userId.slice(0, 6)}`, narrator_voice_id: PRESET_VOICE, text: projectText },
  });
  expectOk('creating the owner’s project', created);
  const project = created.json() as { id: string; chapters: { id: string; blocks: { id: string }[] }[] };
  const dictionaryName = `Owner words ${user.userId.slice(0, 6)}`;
  const madeDictionary = await app.inject({
    method: 'POST',
    url: '/api/pronunciation/dictionaries',
    headers: { origin: ORIGIN, cookie: user.cookie },
    payload: { name: dictionaryName, rules: [{ type: 'alias', string_to_replace: 'Owner', alias: 'Proprietor' }] },
  });
  expectOk('creating the owner’s pronunciation dictionary', madeDictionary);
  const dictionary = madeDictionary.json() as { id: string; version_id: string };
  const take = task
    ? await app.db
        .selectFrom('sentence_takes')
        .select('id')
        .where('task_id', '=', taskId)
        .orderBy('position')
        .executeTakeFirst()
    : undefined;
  return {
    ...user,
    taskId,
    voiceId,
    takeId: take?.id ?? null,
    project: {
      id: project.id,
      chapterIds: project.chapters.map((chapter) => chapter.id),
      blockIds: project.chapters.flatMap((chapter) => chapter.blocks.map((block) => block.id)),
    },
    dictionary: { id: dictionary.id, versionId: dictionary.version_id },
    audioUrl: task?.audio_url ?? null,
    transcriptUrl: task?.transcript_url ?? null,
    markers: [
      user.userId,
      user.email,
      taskId,
      taskText,
      preferredName,
      project.id,
      dictionary.id,
      dictionaryName,
    ].concat(options.voice === false ? [] : [voiceId, voiceName]),
  };
}

/** The owner, another signed-in user, and a staff session. */
export async function securityFixtures(app: FastifyInstance, options: OwnerOptions) {
  const owner = await ownerWithResources(app, options);
  const stranger = await signedInUser(app, `stranger-${Date.now()}@example.com`);
  const staffCookie = await adminCookie(app);
  return { owner, stranger, staffCookie };
}

export type SecurityFixtures = Awaited<ReturnType<typeof securityFixtures>>;

/** The first of the owner's markers that a body contains, if any. */
export function leakedMarker(owner: Owner, body: string): string | undefined {
  return owner.markers.find((marker) => body.includes(marker));
}
