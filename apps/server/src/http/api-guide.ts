import { readFileSync } from 'node:fs';

/**
 * The guide at the top of `/api/docs`: docs/api.md itself (the dialects, keys, errors, and
 * examples with both official SDKs and curl), so the page and the file can never disagree. The
 * path is the same from `src/http` and `dist/http`. An installation shipped without the docs
 * folder still serves the reference below it, and says where the guide lives.
 */
export function apiGuide(): string {
  try {
    return readFileSync(new URL('../../../../docs/api.md', import.meta.url), 'utf8');
  } catch {
    return 'The guide to the public API, with SDK and curl examples, is docs/api.md in the Sayso repository.';
  }
}
