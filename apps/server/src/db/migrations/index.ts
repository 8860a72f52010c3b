import { initial } from './0001-initial.js';
import { accounts } from './0002-accounts.js';
import { money } from './0003-money.js';
import { speech } from './0004-speech.js';
import { clonedVoices } from './0005-cloned-voices.js';
import { providerTaskRef } from './0006-provider-task-ref.js';
import { oneTimeAdminPasswords } from './0007-one-time-admin-passwords.js';
import { speechQueue } from './0008-speech-queue.js';
import { signInFailures } from './0009-sign-in-failures.js';
import { apiKeys } from './0010-api-keys.js';
import { history } from './0011-history.js';
import { leanSubmission } from './0012-lean-submission.js';
import { taskErrorCodes } from './0013-task-error-codes.js';
import { projects } from './0014-projects.js';
import { pronunciation } from './0015-pronunciation.js';
import { staffSelfService } from './0016-staff-self-service.js';
import { newsletter } from './0017-newsletter.js';
import { ledgerOutlivesAccounts } from './0018-ledger-outlives-accounts.js';

export interface Migration {
  version: number;
  name: string;
  /** Plain SQL, possibly several statements, applied inside one transaction. */
  sql: string;
}

/** Every migration, in order. Append only: never edit one that has shipped. */
export const migrations: Migration[] = [
  initial,
  accounts,
  money,
  speech,
  clonedVoices,
  providerTaskRef,
  oneTimeAdminPasswords,
  speechQueue,
  signInFailures,
  apiKeys,
  history,
  leanSubmission,
  taskErrorCodes,
  projects,
  pronunciation,
  staffSelfService,
  newsletter,
  ledgerOutlivesAccounts,
];
