import { arrivalVoice, browserLanguages, rememberedVoice, rememberVoice } from '@/lib/arrival-voice';

/** A voice offered in the landing-page demo (spec section 3, "Demo voice"). */
export interface DemoVoice {
  voice_id: string;
  voice_name: string;
  gender: 'female' | 'male';
  /** The accent the voice speaks, for choosing one for the visitor's browser language. */
  locale: 'en-US' | 'en-GB';
  tag_list: string[];
  /** A short spoken sample: the server's preview of the eSpeak voice behind this demo voice. */
  sample_audio: string;
}

/** The server renders each preset voice's sample once and serves it here. */
const preview = (engineVoiceId: string) => `/api/voices/${engineVoiceId}/preview.mp3`;

/** The demo's text limit (spec section 9). */
export const DEMO_TEXT_LIMIT = 150;

/** The five preset voices a visitor can try without signing in. */
export const DEMO_VOICES: readonly DemoVoice[] = [
  {
    voice_id: 'en-us-female',
    voice_name: 'Ava',
    gender: 'female',
    locale: 'en-US',
    tag_list: ['American English', 'Warm', 'Conversational'],
    sample_audio: preview('espeak-en-us-f2'),
  },
  {
    voice_id: 'en-us-male',
    voice_name: 'Marcus',
    gender: 'male',
    locale: 'en-US',
    tag_list: ['American English', 'Clear', 'Friendly'],
    sample_audio: preview('espeak-en-us-m3'),
  },
  {
    voice_id: 'en-gb-female',
    voice_name: 'Eleanor',
    gender: 'female',
    locale: 'en-GB',
    tag_list: ['British English', 'Crisp', 'Professional'],
    sample_audio: preview('espeak-en-gb-f1'),
  },
  {
    voice_id: 'en-gb-male',
    voice_name: 'Oliver',
    gender: 'male',
    locale: 'en-GB',
    tag_list: ['British English', 'Calm', 'Measured'],
    sample_audio: preview('espeak-en-gb-m3'),
  },
  {
    voice_id: 'en-us-narrator',
    voice_name: 'Narrator',
    gender: 'male',
    locale: 'en-US',
    tag_list: ['American English', 'Deep', 'Storytelling'],
    sample_audio: preview('espeak-en-us-m1'),
  },
];

/** Where this browser keeps the demo voice the visitor chose last. */
const LAST_DEMO_VOICE_KEY = 'sayso.demo-voice';

/**
 * The voice the demo opens with: the visitor's last choice on this browser, else the first voice
 * of their browser's accent (Eleanor for en-GB, Ava otherwise). The demo's voices are all one
 * engine's, so only the accent decides.
 */
export function demoArrivalVoice(languages: readonly string[] = browserLanguages()): string | null {
  const candidates = DEMO_VOICES.map((voice) => ({ id: voice.voice_id, kind: null, locale: voice.locale }));
  return arrivalVoice(candidates, rememberedVoice(LAST_DEMO_VOICE_KEY), languages);
}

/** Notes the visitor's choice for their next visit. */
export const rememberDemoVoice = (voiceId: string) => rememberVoice(LAST_DEMO_VOICE_KEY, voiceId);
