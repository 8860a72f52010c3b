import type { UserPage, UserPageQuery } from '@sayso/contract/admin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { applyMovement } from '../accounts/index.js';

// Escapes LIKE wildcards so a search for "50%" finds that text, not everything.
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** One page of users with their figures; search, sort and paging are done by the database. */
export async function pageOfUsers(db: Kysely<Database>, options: UserPageQuery): Promise<UserPage> {
  const search = options.search.trim();
  let query = db
    .selectFrom('user')
    .leftJoin('user_accounts', 'user_accounts.user_id', 'user.id')
    .$if(search.length > 0, (q) =>
      q.where((eb) =>
        eb.or([eb('user.name', 'ilike', likePattern(search)), eb('user.email', 'ilike', likePattern(search))]),
      ),
    );
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();

  const credits = sql<number>`coalesce(user_accounts.credits, 0)`;
  const balance = sql<number>`coalesce(user_accounts.balance, 0)`;
  query = query.orderBy(
    options.sort === 'alphabetical'
      ? sql`lower(${sql.ref('user.name')})`
      : options.sort.startsWith('credits')
        ? credits
        : balance,
    options.sort.endsWith('_desc') ? 'desc' : 'asc',
  );
  const rows = await query
    .orderBy('user.email')
    .select([
      'user.id as uid',
      'user.name as username',
      'user.email',
      credits.as('credits'),
      balance.as('balance'),
      sql<string>`coalesce(user_accounts.currency, 'PKR')`.as('currency'),
    ])
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
    .execute();
  return {
    users: rows.map((row) => ({ ...row, credits: Number(row.credits), balance: Number(row.balance) })),
    total: Number(total),
    page: options.page,
    pageSize: options.pageSize,
  };
}

/** Users with no signup or default grant in the ledger. */
export async function usersWithoutDefaultCredits(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('user')
    .leftJoin('user_accounts', 'user_accounts.user_id', 'user.id')
    .select('user.id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('ledger_entries')
            .select('ledger_entries.id')
            .whereRef('ledger_entries.user_id', '=', 'user.id')
            .where('ledger_entries.kind', 'in', ['signup_grant', 'default_grant']),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Gives one user the default credits in one transaction, creating their account if it is missing.
 * The ledger's idempotency key makes a second run (or a concurrent one) give nothing twice; true
 * when this call gave them.
 */
export async function grantDefaultCreditsOnce(
  db: Kysely<Database>,
  userId: string,
  grant: { amount: number; actor: string },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('user_accounts')
      .values({ user_id: userId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const already = await trx
      .selectFrom('ledger_entries')
      .select('id')
      .where('user_id', '=', userId)
      .where('idempotency_key', '=', 'default-credits')
      .executeTakeFirst();
    if (already) return false;
    await applyMovement(trx, {
      userId,
      asset: 'credits',
      amount: grant.amount,
      kind: 'default_grant',
      actor: grant.actor,
      idempotencyKey: 'default-credits',
    });
    return true;
  });
}
