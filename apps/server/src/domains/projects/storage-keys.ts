/**
 * Where a project keeps its own files (block audio stays the speech task's, under tasks/):
 *
 *   projects/<project id>/cover.<jpg|png>   the cover an EPUB named
 */
export const projectCoverKey = (projectId: string, contentType: 'image/jpeg' | 'image/png') =>
  `projects/${projectId}/cover.${contentType === 'image/png' ? 'png' : 'jpg'}`;

/** The content type of a stored cover, by its key. */
export const coverContentType = (key: string): 'image/jpeg' | 'image/png' =>
  key.endsWith('.png') ? 'image/png' : 'image/jpeg';
