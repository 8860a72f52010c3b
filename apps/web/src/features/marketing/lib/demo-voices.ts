/** A voice offered in the landing-page demo (spec section 3, "Demo voice"). */
export interface DemoVoice {
  voice_id: string;
  voice_name: string;
  gender: 'female' | 'male';
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
    tag_list: ['American English', 'Warm', 'Conversational'],
    sample_audio: preview('espeak-en-us-f2'),
  },
  {
    voice_id: 'en-us-male',
    voice_name: 'Marcus',
    gender: 'male',
    tag_list: ['American English', 'Clear', 'Friendly'],
    sample_audio: preview('espeak-en-us-m3'),
  },
  {
    voice_id: 'en-gb-female',
    voice_name: 'Eleanor',
    gender: 'female',
    tag_list: ['British English', 'Crisp', 'Professional'],
    sample_audio: preview('espeak-en-gb-f1'),
  },
  {
    voice_id: 'en-gb-male',
    voice_name: 'Oliver',
    gender: 'male',
    tag_list: ['British English', 'Calm', 'Measured'],
    sample_audio: preview('espeak-en-gb-m3'),
  },
  {
    voice_id: 'en-us-narrator',
    voice_name: 'Narrator',
    gender: 'male',
    tag_list: ['American English', 'Deep', 'Storytelling'],
    sample_audio: preview('espeak-en-us-m1'),
  },
];
