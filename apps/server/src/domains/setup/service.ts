import type { ModelList } from '@sayso/contract/models';
import type { SetupChecklist, SetupItem } from '@sayso/contract/setup';
import { type Config, PLACEHOLDER_SUPPORT_EMAIL } from '../../config.js';
import type { EngineRegistry } from '../../engines/registry.js';

/** The engine that runs installed neural models on this machine. */
const LOCAL_NEURAL_ENGINE = 'sherpa';

/** What the checklist reads: the settings, the engines, and the model manager's list (through its service). */
export interface SetupSources {
  config: Pick<Config, 'public' | 'publicUrl' | 'publicUrlSet' | 'speech'>;
  engines: EngineRegistry;
  listModels: () => Promise<ModelList>;
}

const RESTART = 'then restart the server';

async function naturalVoices(engines: EngineRegistry, models: ModelList): Promise<SetupItem> {
  const base = { id: 'natural-voices', title: 'Natural voices', link: 'models' } as const;
  const neural = engines.byId(LOCAL_NEURAL_ENGINE);
  const status = neural ? await neural.status() : null;
  if (neural && status?.state === 'up' && neural.capabilities.presetVoices) {
    return { ...base, state: 'done', detail: 'A natural-voice model is installed and speaking.' };
  }
  const installed = models.installed.length > 0;
  if (installed && status?.state === 'down') {
    return {
      ...base,
      state: 'todo',
      detail: `Models are installed but their engine is down (${status.reason}). Open the Models page to see which model fails, and remove or reinstall it.`,
    };
  }
  const install = 'Install natural voices on the Models page';
  if (engines.forStudio('preset').id === 'elevenlabs') {
    // The studio is natural through the cloud; only the landing demo still speaks eSpeak.
    return {
      ...base,
      state: 'info',
      detail: `The preset studio speaks through ElevenLabs. The landing page demo uses eSpeak until a model is installed here: ${install.toLowerCase()}.`,
    };
  }
  return {
    ...base,
    state: 'todo',
    detail: `Only eSpeak's synthetic-sounding voices are installed, so users hear a robotic voice. ${install}.`,
  };
}

function chatNumber(config: SetupSources['config']): SetupItem {
  const base = { id: 'chat-number', title: 'Chat number for top-ups', link: null } as const;
  const number = config.public.chatNumber;
  if (number) return { ...base, state: 'done', detail: `Top-up requests open a chat with +${number}.` };
  return {
    ...base,
    state: 'todo',
    detail: `CHAT_NUMBER is not set, so users cannot ask for a top-up: their Top Up buttons say online payment is not set up yet. Set CHAT_NUMBER to your chat number in international form, digits only (e.g. 923001234567), ${RESTART}.`,
  };
}

function supportEmail(config: SetupSources['config']): SetupItem {
  const base = { id: 'support-email', title: 'Support address', link: null } as const;
  const email = config.public.supportEmail;
  if (email !== PLACEHOLDER_SUPPORT_EMAIL) {
    return { ...base, state: 'done', detail: `Users are told to write to ${email}.` };
  }
  return {
    ...base,
    state: 'todo',
    detail: `Users are told to write to ${PLACEHOLDER_SUPPORT_EMAIL}, a placeholder that reaches no one. Set SUPPORT_EMAIL to an address your team reads, ${RESTART}.`,
  };
}

function publicUrl(config: SetupSources['config']): SetupItem {
  const base = { id: 'public-url', title: 'Public address', link: null } as const;
  if (config.publicUrlSet) {
    return { ...base, state: 'done', detail: `Links in sign-in and the API point to ${config.publicUrl}.` };
  }
  return {
    ...base,
    state: 'todo',
    detail: `PUBLIC_URL is not set, so the server assumes ${config.publicUrl}: sign-in with Google or single sign-on, audio links in the API and request origins only work on this machine. Set PUBLIC_URL to the address users open (e.g. https://voice.example.com), ${RESTART}.`,
  };
}

function providerKeys(config: SetupSources['config']): SetupItem {
  const base = { id: 'provider-keys', title: 'Cloud providers (optional)', state: 'info', link: null } as const;
  const configured = [config.speech.minimax ? 'MiniMax' : null, config.speech.elevenlabs ? 'ElevenLabs' : null].filter(
    (name) => name !== null,
  );
  if (configured.length === 2) {
    return { ...base, detail: 'MiniMax and ElevenLabs keys are set.' };
  }
  const missing = [
    config.speech.minimax ? null : 'MINIMAX_API_KEY',
    config.speech.elevenlabs ? null : 'ELEVENLABS_API_KEY',
  ]
    .filter((name) => name !== null)
    .join(' or ');
  const now = configured.length === 0 ? 'No cloud provider is set up.' : `${configured[0]} is set up.`;
  return {
    ...base,
    detail: `${now} Sayso works without them, on the voices installed here. To add a provider's voices and cloning, set ${missing}.`,
  };
}

function licences(models: ModelList): SetupItem {
  const base = { id: 'licences', title: 'Model licences', link: 'models' } as const;
  const forbidden = models.installed.filter((model) => model.licenceWarning).map((model) => model.title);
  if (forbidden.length === 0) {
    return {
      ...base,
      state: 'done',
      detail:
        models.installed.length === 0
          ? 'No models are installed.'
          : 'Every installed model may be used to sell speech.',
    };
  }
  return {
    ...base,
    state: 'todo',
    detail: `${forbidden.join(', ')} ${forbidden.length === 1 ? 'has a licence that does' : 'have licences that do'} not allow commercial use, and credits are on sale. Remove ${forbidden.length === 1 ? 'it' : 'them'} on the Models page and install a model whose licence allows selling what it speaks.`,
  };
}

/** The first-run checklist: what an operator still has to set before selling speech, each with what to do. */
export async function setupChecklist(sources: SetupSources): Promise<SetupChecklist> {
  const models = await sources.listModels();
  const items: SetupItem[] = [
    await naturalVoices(sources.engines, models),
    chatNumber(sources.config),
    supportEmail(sources.config),
    publicUrl(sources.config),
    licences(models),
    providerKeys(sources.config),
  ];
  return { complete: items.every((item) => item.state !== 'todo'), items };
}
