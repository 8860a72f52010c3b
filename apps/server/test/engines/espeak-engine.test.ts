import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { describeEngineContract } from './engine-contract.js';

describeEngineContract('espeak (eSpeak NG, WebAssembly)', {
  create: async () => createEspeakEngine(),
  voiceId: 'espeak-en-us-m3',
});
