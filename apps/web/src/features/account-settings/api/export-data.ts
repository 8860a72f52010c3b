/** The export is a plain download: the browser saves the ZIP as the server streams it. */
export const EXPORT_URL = '/api/account/export';
