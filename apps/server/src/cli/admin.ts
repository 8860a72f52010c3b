// `npm run admin -- create <username> [--name "Display Name"] [--email a@b.c]`
// `npm run admin -- reset-password <username>`
// Prints a generated password once (or uses ADMIN_PASSWORD when set). A generated password for a new
// admin is one-time (changed at first sign-in, void after 24 hours); one from reset-password is the
// admin's own, so it also recovers an expired one-time password. With the embedded database, stop
// the server first: PGlite lets one process open the data folder at a time. With DATABASE_URL the
// CLI is one more client of the shared database and runs while the servers keep serving
// (test/scale/admin-cli-shared-db.test.ts).
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import {
  createAdmin,
  generatePassword,
  ONE_TIME_PASSWORD_HOURS,
  oneTimePasswordDeadline,
  resetAdminPassword,
} from '../domains/admin/service.js';

const USAGE = `Usage:
  npm run admin -- create <username> [--name "Display Name"] [--email someone@example.com]
  npm run admin -- reset-password <username>
The password is ADMIN_PASSWORD when set, otherwise generated and printed once. A generated
password of a new admin is one-time: it must be changed at first sign-in, within ${ONE_TIME_PASSWORD_HOURS} hours.
With the embedded database (no DATABASE_URL), stop the server first: only one process may open
its data folder. With DATABASE_URL (a PostgreSQL server), run it while the servers keep running.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { name: { type: 'string' }, email: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command, username] = positionals;
  if (values.help || !command || !username || !['create', 'reset-password'].includes(command)) {
    console.log(USAGE);
    return values.help ? 0 : 64;
  }
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await migrate(database.db);
    const generated = config.initialAdmin.password === null;
    const password = config.initialAdmin.password ?? generatePassword();
    if (command === 'create') {
      await createAdmin(database.db, {
        username,
        password,
        name: values.name ?? null,
        email: values.email ?? null,
        ...(generated ? { oneTimeUntil: oneTimePasswordDeadline() } : {}),
      });
      console.log(`Admin "${username}" created.`);
      if (generated) {
        console.log(
          `One-time password: ${password}  (choose a new one at first sign-in, within ${ONE_TIME_PASSWORD_HOURS} hours)`,
        );
      }
    } else {
      await resetAdminPassword(database.db, username, password);
      console.log(`Password of "${username}" reset; their open sessions have ended.`);
      if (generated) console.log(`New password: ${password}  (shown only now)`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
