// The models domain's public surface: the setup checklist and the health report read the model manager.
export { ModelService } from './service.js';
