// The models domain's public surface: the setup checklist reads the model manager.
export { ModelService } from './service.js';
