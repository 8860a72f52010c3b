// The voices domain's public surface: what other domains may use. The public API's voice routes
// call the service and read the clone form; speech finds the cloned voice a request names.
export { type CloneForm, checkCloneForm, readSampleUpload } from './clone-form.js';
export { findClonedVoice, listClonedVoices } from './repository.js';
export { MAX_SAMPLE_BYTES } from './sample-checks.js';
export { MAX_CLONED_VOICES, VoiceService } from './service.js';
