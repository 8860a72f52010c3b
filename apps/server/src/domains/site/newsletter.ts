import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { addSubscriber, listSubscribers } from './newsletter-repository.js';

/** Puts an address (already checked and lowercased) on the newsletter; signing up twice is harmless. */
export async function subscribe(db: Kysely<Database>, email: string): Promise<void> {
  await addSubscriber(db, email);
}

/**
 * A cell of the export: quoted when it holds a comma, quote or line break, and with a leading
 * formula character defused, since staff open the file in a spreadsheet.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The subscribers as CSV for staff: email and the time they signed up (UTC, ISO 8601). */
export async function subscribersCsv(db: Kysely<Database>): Promise<string> {
  const rows = await listSubscribers(db);
  const lines = rows.map((row) => `${csvCell(row.email)},${row.subscribed_at.toISOString()}`);
  return `${['email,subscribed_at', ...lines].join('\r\n')}\r\n`;
}
