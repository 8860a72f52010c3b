import type { Readable } from 'node:stream';
import type {
  AccountBilling,
  AccountDeleted,
  AccountProfile,
  AccountSession,
  BillingEntry,
} from '@sayso/contract/account-settings';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { inTransaction } from '../../../db/unit-of-work.js';
import { AppError } from '../../../http/errors.js';
import type { FileStorage } from '../../../storage/file-storage.js';
import { removeStoredFiles } from '../../../storage/remove-files.js';
import {
  type Auth,
  accountKeyOf,
  inAuthCall,
  noteSignInFailure,
  refuseWhileThrottled,
  type SessionCache,
  type SignInThrottleRule,
} from '../../auth/index.js';
import type { VoiceService } from '../../voices/index.js';
import { type ArchiveEntry, zipArchive } from './export-archive.js';
import {
  allLedgerRows,
  closeAccountIn,
  clonedVoiceRows,
  creditsSpentPerDay,
  findProfileRow,
  historyRows,
  moneyEntries,
  projectRows,
  purchaseRows,
  signInProviders,
  storedFileKeys,
} from './repository.js';

export interface SelfServiceDeps {
  db: Kysely<Database>;
  auth: Auth;
  storage: FileStorage;
  voices: VoiceService;
  /** Cleared whenever a session ends here, so an ended session stops working at once. */
  sessions: SessionCache;
  /** Wrong current passwords count with failed sign-ins against the same allowance. */
  passwordGuesses: SignInThrottleRule;
  logger: FastifyBaseLogger;
}

/** Who is asking, and from where: wrong passwords are counted per address and account. */
export interface Requester {
  userId: string;
  email: string;
  clientIp: string;
  /** The request's Cookie header: it names the session the request came with. */
  cookie: string | undefined;
}

const NAME_MAX = 100;
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;
/** Good enough to catch typos; the address is proven only by mail, which is not sent here. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How the billing list names a ledger kind. */
const KIND_LABELS: Record<string, string> = {
  admin_add: 'Top-up',
  admin_deduct: 'Balance correction',
  purchase: 'Credit pack purchase',
  signup_grant: 'Welcome credits',
  account_deleted: 'Forfeited on deletion',
};

/**
 * The account page: the user's own name, email, password and sessions, their billing, an export
 * of everything kept about them, and deleting the account with it.
 */
export class AccountSelfService {
  constructor(private readonly deps: SelfServiceDeps) {}

  async profile(userId: string): Promise<AccountProfile> {
    const row = await findProfileRow(this.deps.db, userId);
    if (!row) throw new AppError('USER_NOT_FOUND');
    const providers = await signInProviders(this.deps.db, userId);
    return {
      name: row.name,
      email: row.email,
      hasPassword: providers.includes('credential'),
      createdAt: row.createdAt.toISOString(),
    };
  }

  async rename(userId: string, name: string): Promise<AccountProfile> {
    const trimmed = name.trim();
    if (!trimmed) throw new AppError('NAME_REQUIRED');
    if ([...trimmed].length > NAME_MAX) throw new AppError('NAME_TOO_LONG');
    await this.adapterCall((context) => context.internalAdapter.updateUser(userId, { name: trimmed }));
    return this.profile(userId);
  }

  /** A new sign-in address, confirmed with the password (a borrowed session alone cannot take the account). */
  async changeEmail(who: Requester, email: string, password: string): Promise<AccountProfile> {
    const wanted = email.trim().toLowerCase();
    if (!EMAIL_SHAPE.test(wanted) || wanted.length > 254) throw new AppError('EMAIL_INVALID');
    if (wanted === who.email.toLowerCase()) throw new AppError('EMAIL_UNCHANGED');
    await this.confirmPassword(who, password);
    const taken = await this.adapterCall((context) => context.internalAdapter.findUserByEmail(wanted));
    if (taken) throw new AppError('EMAIL_IN_USE');
    await this.adapterCall((context) =>
      context.internalAdapter.updateUser(who.userId, { email: wanted, emailVerified: false }),
    );
    this.deps.sessions.clear();
    return this.profile(who.userId);
  }

  /** Sets a new password after checking the current one; every other session is signed out. */
  async changePassword(who: Requester, currentPassword: string, newPassword: string): Promise<number> {
    if (newPassword.length < PASSWORD_MIN) throw new AppError('NEW_PASSWORD_TOO_SHORT');
    if (newPassword.length > PASSWORD_MAX) throw new AppError('NEW_PASSWORD_TOO_LONG');
    await this.confirmPassword(who, currentPassword);
    const hash = await this.adapterCall((context) => context.password.hash(newPassword));
    await this.adapterCall((context) => context.internalAdapter.updatePassword(who.userId, hash));
    return this.endOtherSessions(who);
  }

  async listSessions(who: Requester): Promise<AccountSession[]> {
    const current = await this.currentSessionToken(who.cookie);
    const sessions = await this.adapterCall((context) => context.internalAdapter.listSessions(who.userId));
    const now = Date.now();
    return sessions
      .filter((session) => new Date(session.expiresAt).getTime() > now)
      .sort((a, b) => new Date(b.updatedAt).getTime() - new Date(a.updatedAt).getTime())
      .map((session) => ({
        id: session.id,
        createdAt: new Date(session.createdAt).toISOString(),
        lastActiveAt: new Date(session.updatedAt).toISOString(),
        expiresAt: new Date(session.expiresAt).toISOString(),
        ipAddress: session.ipAddress ?? null,
        userAgent: session.userAgent ?? null,
        current: session.token === current,
      }));
  }

  /** Signs out every session of the user but the one asking; resolves with how many ended. */
  async endOtherSessions(who: Requester): Promise<number> {
    const current = await this.currentSessionToken(who.cookie);
    const sessions = await this.adapterCall((context) => context.internalAdapter.listSessions(who.userId));
    const others = sessions.map((session) => session.token).filter((token) => token !== current);
    if (others.length > 0) {
      await this.adapterCall((context) => context.internalAdapter.deleteSessions(others));
    }
    this.deps.sessions.clear();
    return others.length;
  }

  async billing(userId: string): Promise<AccountBilling> {
    const row = await findProfileRow(this.deps.db, userId);
    if (!row) throw new AppError('USER_NOT_FOUND');
    const [money, purchases, creditsPerDay] = await Promise.all([
      moneyEntries(this.deps.db, userId),
      purchaseRows(this.deps.db, userId),
      creditsSpentPerDay(this.deps.db, userId),
    ]);
    return {
      currency: row.currency ?? 'PKR',
      balance: Number(row.balance ?? 0),
      credits: Number(row.credits ?? 0),
      money: money.map(
        (entry): BillingEntry => ({
          id: Number(entry.id),
          at: entry.created_at.toISOString(),
          asset: entry.asset,
          amount: Number(entry.amount),
          balanceAfter: Number(entry.balance_after),
          kind: entry.kind,
          label: KIND_LABELS[entry.kind] ?? entry.kind.replace(/_/g, ' '),
          paymentReference: entry.payment_reference ?? null,
        }),
      ),
      purchases: purchases.map((purchase) => ({
        id: purchase.id,
        at: purchase.created_at.toISOString(),
        packId: purchase.pack_id,
        credits: Number(purchase.credits),
        price: Number(purchase.price),
        currency: purchase.currency,
      })),
      creditsPerDay,
    };
  }

  /**
   * Everything kept about the user as a ZIP: profile, ledger, purchases, history with its audio,
   * cloned voices with their samples, projects. JSON describes each; files sit beside it.
   */
  async exportData(userId: string): Promise<Readable> {
    const profile = await this.profile(userId);
    const entries = this.archiveEntries(userId, profile);
    return zipArchive(entries, (error) => this.deps.logger.error({ err: error, userId }, 'data export failed'));
  }

  /**
   * Deletes the account once its email is typed again: cloned voices first (at their provider too),
   * then in one transaction the books are closed (credits and balance forfeited through the
   * ledger, its rows kept under a pseudonym) and the user removed; the files go last.
   */
  async deleteAccount(who: Requester, confirmEmail: string): Promise<AccountDeleted> {
    if (confirmEmail.trim().toLowerCase() !== who.email.toLowerCase()) throw new AppError('DELETE_NOT_CONFIRMED');
    for (const voice of await this.deps.voices.listVoices(who.userId)) {
      await this.deps.voices.deleteVoice(who.userId, voice.voiceId);
    }
    const fileKeys = await storedFileKeys(this.deps.db, who.userId);
    const forfeited = await inTransaction(this.deps.db, (trx) => closeAccountIn(trx, who.userId));
    this.deps.sessions.clear();
    await removeStoredFiles(this.deps.storage, fileKeys, this.deps.logger);
    this.deps.logger.info({ userId: who.userId }, 'account deleted at its owner’s request');
    return {
      deleted: true,
      forfeitedCredits: forfeited.credits,
      forfeitedBalance: forfeited.balance,
      currency: forfeited.currency,
    };
  }

  private async *archiveEntries(userId: string, profile: AccountProfile): AsyncGenerator<ArchiveEntry> {
    const { db } = this.deps;
    const figures = await findProfileRow(db, userId);
    yield {
      name: 'profile.json',
      json: {
        ...profile,
        id: userId,
        credits: Number(figures?.credits ?? 0),
        totalCreditsUsed: Number(figures?.totalCreditsUsed ?? 0),
        balance: Number(figures?.balance ?? 0),
        currency: figures?.currency ?? 'PKR',
        lastLoginAt: figures?.lastLoginAt?.toISOString() ?? null,
        signInMethods: await signInProviders(db, userId),
        exportedAt: new Date().toISOString(),
      },
    };
    yield { name: 'ledger.json', json: await allLedgerRows(db, userId) };
    yield { name: 'purchases.json', json: await purchaseRows(db, userId, 100_000) };

    const tasks = await historyRows(db, userId);
    const files: ArchiveEntry[] = [];
    const history = [];
    for (const task of tasks) {
      const audio = await this.presentFile(task.audio_key, `history/${task.id}.mp3`, files);
      const transcript = await this.presentFile(task.transcript_key, `history/${task.id}.srt`, files);
      const { audio_key: _audioKey, transcript_key: _transcriptKey, ...record } = task;
      history.push({ ...record, audioFile: audio, transcriptFile: transcript });
    }
    yield { name: 'history.json', json: history };
    yield* files;

    const voiceFiles: ArchiveEntry[] = [];
    const voices = [];
    for (const voice of await clonedVoiceRows(db, userId)) {
      const extension = voice.sample_key.split('.').pop() ?? 'bin';
      const sample = await this.presentFile(voice.sample_key, `voices/${voice.id}-sample.${extension}`, voiceFiles);
      const preview = await this.presentFile(voice.preview_key, `voices/${voice.id}-preview.mp3`, voiceFiles);
      const { sample_key: _sampleKey, preview_key: _previewKey, ...record } = voice;
      voices.push({ ...record, sampleFile: sample, previewFile: preview });
    }
    yield { name: 'voices.json', json: voices };
    yield* voiceFiles;
    yield { name: 'projects.json', json: await projectRows(db, userId) };
  }

  /** Adds a stored file to `into` under `name` when it is still there (retention may have removed audio). */
  private async presentFile(key: string | null, name: string, into: ArchiveEntry[]): Promise<string | null> {
    if (!key || !(await this.deps.storage.stat(key))) return null;
    into.push({ name, file: () => this.deps.storage.read(key) });
    return name;
  }

  /** Checks the user's password, counting a wrong one against the sign-in allowance. */
  private async confirmPassword(who: Requester, password: string): Promise<void> {
    const key = { door: 'user' as const, clientIp: who.clientIp, accountKey: accountKeyOf(who.email) };
    await refuseWhileThrottled(this.deps.db, key, this.deps.passwordGuesses);
    const account = await this.adapterCall((context) => context.internalAdapter.findCredentialAccount(who.userId));
    if (!account?.password) throw new AppError('NO_PASSWORD');
    const hash = account.password;
    const matches =
      password.length <= PASSWORD_MAX &&
      (await this.adapterCall((context) => context.password.verify({ hash, password })));
    if (matches) return;
    await noteSignInFailure(this.deps.db, key);
    throw new AppError('CURRENT_PASSWORD_WRONG');
  }

  /** The token of the session the cookie names, as better-auth reads it. */
  private async currentSessionToken(cookie: string | undefined): Promise<string | null> {
    const found = await inAuthCall(() =>
      this.deps.auth.api.getSession({
        headers: new Headers(cookie ? { cookie } : {}),
        query: { disableCookieCache: true },
      }),
    );
    return found?.session.token ?? null;
  }

  /** One call on better-auth's own context (its adapter and password hashing). */
  private async adapterCall<T>(call: (context: Awaited<Auth['$context']>) => Promise<T>): Promise<T> {
    return inAuthCall(async () => call(await this.deps.auth.$context));
  }
}
