// The projects domain's public surface: the public API creates, renders and exports projects
// through its service.
export { type ExportFile, ProjectExports } from './exports.js';
export { projectsFor, registerProjects } from './register.js';
export { sendExport } from './send-export.js';
export { ProjectsService } from './service.js';
