import type { PronunciationRule } from '@sayso/contract/pronunciation';
import type { ColumnType, Generated } from 'kysely';

/** The slider and language settings a speech task was submitted with. */
export interface SpeechSettingsJson {
  speed: number;
  pitch: number;
  volume: number;
  language?: string;
  withTranscript?: boolean;
  /** Provider A's completion callback; posted to only for allow-listed hosts. */
  receiveUrl?: string;
  /**
   * Whose secret signs the callback: the signed-in user who asked, kept here because a demo task
   * they ask for belongs to no one. Absent for an anonymous caller, whose callback is not sent.
   */
  callbackSignerId?: string;
  /** Pronunciation rules the engine could not honour as asked (phonemes it cannot take). */
  warnings?: string[];
}

/** Table types for the query layer. Each migration that adds a table adds its type here. */
export interface Database {
  schema_migrations: {
    version: number;
    name: string;
    applied_at: Generated<Date>;
  };
  user: {
    id: string;
    name: string;
    email: string;
    emailVerified: boolean;
    image: string | null;
    createdAt: Generated<Date>;
    updatedAt: Generated<Date>;
  };
  session: {
    id: string;
    expiresAt: Date;
    token: string;
    createdAt: Generated<Date>;
    updatedAt: Date;
    ipAddress: string | null;
    userAgent: string | null;
    userId: string;
  };
  account: {
    id: string;
    accountId: string;
    providerId: string;
    userId: string;
    password: string | null;
    createdAt: Generated<Date>;
    updatedAt: Date;
  };
  user_accounts: {
    user_id: string;
    credits: Generated<number>;
    held_credits: Generated<number>;
    total_credits_used: Generated<number>;
    balance: Generated<number>;
    currency: Generated<string>;
    last_login_at: Date | null;
    /** Set while staff have suspended the account: it cannot sign in or use its API keys. */
    suspended_at: Generated<Date | null>;
    suspended_by: Generated<string | null>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  ledger_entries: {
    id: Generated<number>;
    /** Null once the account was deleted; its rows then carry `former_account` (migration 0018). */
    user_id: string | null;
    asset: 'credits' | 'money';
    amount: number;
    balance_before: number;
    balance_after: number;
    kind: string;
    actor: string | null;
    reason: string | null;
    idempotency_key: string | null;
    reference: string | null;
    /** What staff typed for the payment a top-up follows (a chat-app transfer's reference). */
    payment_reference: Generated<string | null>;
    /** The pseudonym a deleted account's rows carry instead of its user (migration 0018). */
    former_account: Generated<string | null>;
    created_at: Generated<Date>;
  };
  app_settings: {
    key: string;
    value: unknown;
    updated_at: Generated<Date>;
  };
  credit_holds: {
    id: string;
    user_id: string;
    amount: number;
    status: Generated<'open' | 'captured' | 'released'>;
    reference: string | null;
    created_at: Generated<Date>;
    settled_at: Date | null;
  };
  purchases: {
    id: string;
    user_id: string;
    idempotency_key: string;
    pack_id: string;
    credits: number;
    price: number;
    currency: string;
    balance_after: number | null;
    credits_after: number | null;
    created_at: Generated<Date>;
  };
  admins: {
    id: string;
    username: string;
    name: string | null;
    email: string | null;
    password_hash: string;
    /** Set while the password is a generated one-time password: when it stops signing in. */
    one_time_password_expires_at: Date | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  admin_sessions: {
    token_hash: string;
    admin_id: string;
    created_at: Generated<Date>;
    expires_at: Date;
  };
  newsletter_subscribers: {
    email: string;
    subscribed_at: Generated<Date>;
  };
  sign_in_failures: {
    id: Generated<number>;
    door: 'admin' | 'user';
    client_ip: string;
    account_key: string | null;
    failed_at: Generated<Date>;
  };
  speech_tasks: {
    id: string;
    user_id: string | null;
    provider: 'A' | 'B';
    engine: string;
    voice_id: string;
    model_id: string | null;
    text: string;
    settings: Generated<SpeechSettingsJson>;
    status: Generated<'queued' | 'processing' | 'done' | 'failed'>;
    progress: Generated<number>;
    error: string | null;
    /** The failure's code in the error registry (http/error-codes.ts); null for older failures. */
    error_code: Generated<string | null>;
    hold_id: string | null;
    audio_key: string | null;
    transcript_key: string | null;
    duration_ms: number | null;
    client_ip: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
    finished_at: Date | null;
    provider_ref: string | null;
    /** When the task last entered the queue: its place in line. */
    queued_at: Generated<Date>;
    /** The queue job that should run the task now; null until one is sent. */
    job_id: string | null;
    /** The API key that asked for the speech; null for the web app's own tasks. */
    api_key_id: Generated<string | null>;
    /** How many times the joined audio was rebuilt after a sentence changed (compare-and-set). */
    revision: Generated<number>;
    /** Bytes of the joined audio and transcript (the sentence takes count in sentence_audio). */
    stored_bytes: Generated<number>;
    /** When the retention setting deleted the audio; the record stays. */
    audio_expired_at: Date | null;
  };
  cloned_voices: {
    id: string;
    user_id: string;
    engine: string;
    voice_name: string;
    language: string;
    approximate: boolean;
    sample_key: string;
    preview_key: string | null;
    created_at: Generated<Date>;
  };
  user_preferences: {
    user_id: string;
    preferred_voice_id: string | null;
    preferred_voice_name: string | null;
    updated_at: Generated<Date>;
  };
  api_keys: {
    id: string;
    user_id: string;
    name: string;
    prefix: string;
    secret_hash: string;
    scopes: string[];
    monthly_character_cap: number | null;
    created_at: Generated<Date>;
    last_used_at: Date | null;
    revoked_at: Date | null;
  };
  api_key_usage: {
    key_id: string;
    /** The first day of the month (UTC) the characters were spoken in. */
    month: string;
    characters: Generated<number>;
  };
  callback_signing_secrets: {
    user_id: string;
    secret: string;
    created_at: Generated<Date>;
  };
  callback_deliveries: {
    id: Generated<number>;
    task_id: string;
    url: string;
    attempt: number;
    status_code: number | null;
    error: string | null;
    attempted_at: Generated<Date>;
  };
  sentence_audio: {
    cache_key: string;
    /** Null for the anonymous demo, whose sentences are never looked up again. */
    user_id: string | null;
    file_key: string;
    duration_ms: number;
    bytes: number;
    created_at: Generated<Date>;
  };
  sentence_takes: {
    id: string;
    task_id: string;
    position: number;
    text: string;
    seed: number | null;
    cache_key: string;
    chosen: Generated<boolean>;
    created_at: Generated<Date>;
  };
  projects: {
    id: string;
    user_id: string;
    title: string;
    author: string | null;
    cover_key: string | null;
    narrator_voice_id: string;
    block_pause_ms: Generated<number>;
    chapter_pause_ms: Generated<number>;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  project_chapters: {
    id: string;
    project_id: string;
    position: number;
    title: string;
  };
  project_blocks: {
    id: string;
    project_id: string;
    chapter_id: string;
    position: number;
    text: string;
    /** Who speaks the paragraph (a detected or named speaker); null for the narrator. */
    speaker: string | null;
    /** This block's own voice, over its speaker's cast and the narrator's. */
    voice_id: string | null;
    speed: Generated<number>;
    state: Generated<'new' | 'queued' | 'done' | 'failed'>;
    /** The speech task of the latest render asked for. */
    render_task_id: string | null;
    /** The content hash that render was asked with. */
    render_hash: string | null;
    /** The content hash of the last render that succeeded (its audio is audio_key). */
    rendered_hash: string | null;
    /** The speech task whose audio the block uses (a finished render). */
    audio_task_id: string | null;
    audio_key: string | null;
    duration_ms: number | null;
    error_code: string | null;
  };
  project_speakers: {
    project_id: string;
    name: string;
    voice_id: string | null;
  };
  pronunciation_dictionaries: {
    id: string;
    user_id: string;
    name: string;
    description: string | null;
    latest_version_id: string;
    created_at: Generated<Date>;
  };
  pronunciation_dictionary_versions: {
    id: string;
    dictionary_id: string;
    /** Read as the rules; written as their JSON text (pg would send a bare array as a SQL array). */
    rules: ColumnType<PronunciationRule[], string, never>;
    created_at: Generated<Date>;
  };
}
