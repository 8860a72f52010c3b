// `npm run admin -- create <username> [--name "Display Name"] [--email a@b.c]`
// `npm run admin -- reset-password <username>`
// Prints a generated password once (or uses ADMIN_PASSWORD when set). With the embedded database,
// stop the server first: PGlite lets one process open the data folder at a time.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { createAdmin, generatePassword, resetAdminPassword } from '../domains/admin/service.js';

const USAGE = `Usage:
  npm run admin -- create <username> [--name "Display Name"] [--email someone@example.com]
  npm run admin -- reset-password <username>
The password is ADMIN_PASSWORD when set, otherwise generated and printed once.`;

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
    const password = config.initialAdmin.password ?? generatePassword();
    if (command === 'create') {
      await createAdmin(database.db, { username, password, name: values.name ?? null, email: values.email ?? null });
      console.log(`Admin "${username}" created.`);
    } else {
      await resetAdminPassword(database.db, username, password);
      console.log(`Password of "${username}" reset; their open sessions have ended.`);
    }
    if (!config.initialAdmin.password) console.log(`One-time password: ${password}`);
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
