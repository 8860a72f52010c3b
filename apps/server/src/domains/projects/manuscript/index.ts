// What the projects domain uses of the manuscript readers (the domain's own files import these).
export { characterCount, MAX_IMPORT_BYTES, MAX_PROJECT_CHAPTERS, MAX_PROJECT_CHARACTERS } from './limits.js';
export { manuscriptFromText, readManuscript } from './read-manuscript.js';
export { detectSpeakers, scriptLine, speakableText } from './speakers.js';
export type { DetectedSpeaker, Manuscript, ManuscriptChapter, ManuscriptCover, ManuscriptFormat } from './types.js';
