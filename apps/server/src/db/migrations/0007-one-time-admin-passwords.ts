import type { Migration } from './index.js';

/**
 * A generated first-admin password is one-time: while this is set, the admin's password must be
 * changed before the panel opens, and after this moment it no longer signs in at all.
 */
export const oneTimeAdminPasswords: Migration = {
  version: 7,
  name: 'one-time admin passwords',
  sql: `ALTER TABLE admins ADD COLUMN one_time_password_expires_at timestamptz;`,
};
