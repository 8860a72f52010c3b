import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { countAdmins, createAdmin, generatePassword } from './admins.js';

/**
 * There are no default passwords. On first start, with no admin yet, the operator account comes
 * from ADMIN_USERNAME / ADMIN_PASSWORD, or gets a generated password printed once in the log.
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  initial: { username: string; password: string | null },
  logger: FastifyBaseLogger,
): Promise<void> {
  if ((await countAdmins(db)) > 0) return;
  const password = initial.password ?? generatePassword();
  try {
    await createAdmin(db, { username: initial.username, password });
  } catch (error) {
    // Another process created it first.
    if ((await countAdmins(db)) > 0) return;
    throw error;
  }
  if (initial.password) {
    logger.info({ username: initial.username }, 'admin account created from ADMIN_USERNAME / ADMIN_PASSWORD');
  } else {
    logger.warn(
      `Admin account created. Username: ${initial.username}  One-time password: ${password}  ` +
        '(shown only now; change it with "npm run admin -- reset-password <username>")',
    );
  }
}
