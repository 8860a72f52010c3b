import { PROJECT_MAX_IMPORT_BYTES } from '@sayso/contract/projects';

/** The file types a project can be imported from, by their ending. */
export const IMPORT_EXTENSIONS = ['.txt', '.md', '.epub', '.docx'] as const;

/** For the file input's `accept`: the endings and the types browsers give them. */
export const IMPORT_ACCEPT = [
  ...IMPORT_EXTENSIONS,
  'text/plain',
  'text/markdown',
  'application/epub+zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
].join(',');

// The server's own words for these refusals (PROJECT_IMPORT_UNSUPPORTED and PROJECT_IMPORT_TOO_LARGE),
// said before a large or wrong file is sent at all.
export const UNSUPPORTED_FILE_MESSAGE = 'This file type cannot be imported. Choose a .txt, .md, .epub or .docx file.';
export const FILE_TOO_LARGE_MESSAGE = 'The file is too large to import. Files can be up to 50 MB.';

/** Why a file cannot be imported before it is sent, or null when it may be. */
export function importFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_EXTENSIONS.some((extension) => name.endsWith(extension))) return UNSUPPORTED_FILE_MESSAGE;
  if (file.size > PROJECT_MAX_IMPORT_BYTES) return FILE_TOO_LARGE_MESSAGE;
  return null;
}
