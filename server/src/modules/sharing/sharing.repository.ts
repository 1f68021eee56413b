import { sql, type Kysely } from 'kysely';
import type { Database } from '../../infra/db/schema.js';
import { AccessRepository } from '../access/access.repository.js';

/** A mould shared, as `[id, name, mold_number]` rows come out of json_agg. */
type MoldTuple = [id: number, name: string, moldNumber: string];

export interface RecipientRow {
  id: number;
  org_id: number;
  username: string;
  name: string;
  email: string;
  language: string;
  password_set: boolean;
  is_active: boolean;
}

export interface ShareMadeRow {
  id: number;
  email: string;
  username: string;
  name: string;
  role_id: number | null;
  role_name: string | null;
  molds: MoldTuple[];
  created_at: Date;
  updated_at: Date;
}

export interface ShareReceivedRow {
  id: number;
  sharer: string;
  sharer_email: string;
  organisation: string;
  molds: MoldTuple[];
  created_at: Date;
  updated_at: Date;
}

export interface ShareLinkRow {
  id: number;
  sharer_id: number;
  recipient_id: number;
  expires_at: Date;
  used_at: Date | null;
  username: string;
  email: string;
  password_set: boolean;
  is_active: boolean;
  sharer: string;
}

/**
 * An address lower-cased by the database, as the column it is compared with: JavaScript folds some
 * capitals differently ('İ' gives 'i̇', the database 'i'), which made a second account for one address.
 */
const lowered = (email: string) => sql<string>`lower(${email})`;

/** `'%'` and `'_'` in a search are taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The moulds of share `s` as one JSON text of [id, name, mold_number] rows, by name. */
const moldsOfShare = () =>
  sql<string>`(select coalesce(json_agg(json_build_array(m.id, m.name, m.mold_number) order by m.name, m.id)::text, '[]')
    from user_mold_grants g join molds m on m.id = g.mold_id
    where g.user_id = s.recipient_id and g.shared_by = s.sharer_id)`;

export interface SharePaging {
  page: number;
  limit: number;
  /** In the other side's e-mail, user name or name; '' for all. */
  search: string;
}

/**
 * Shares of the user on one side, joined to the other side's account `u`, searched, with their
 * moulds and dates: the paging skeleton of both share lists, newest change first. `other` names
 * the other side's column; `columns` joins and selects what the list adds, and runs the page.
 */
async function sharesPage<Row extends { molds: string }>(
  db: Kysely<Database>,
  other: 'recipient_id' | 'sharer_id',
  userId: number,
  { page, limit, search }: SharePaging,
  columns: (page: ReturnType<typeof pageOfShares>) => Promise<Row[]>,
): Promise<{ rows: Array<Omit<Row, 'molds'> & { molds: MoldTuple[] }>; total: number }> {
  const base = sharesOf(db, other, userId, search);
  const [rows, count] = await Promise.all([
    columns(pageOfShares(base, page, limit)),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, molds: JSON.parse(row.molds) as MoldTuple[] })),
    total: Number(count.count),
  };
}

function sharesOf(db: Kysely<Database>, other: 'recipient_id' | 'sharer_id', userId: number, search: string) {
  const mine = other === 'recipient_id' ? 'sharer_id' : 'recipient_id';
  return db
    .selectFrom('shares as s')
    .innerJoin('users as u', 'u.id', `s.${other}`)
    .where(`s.${mine}`, '=', userId)
    .$if(search !== '', (query) =>
      query.where((eb) =>
        eb.or([
          eb('u.email', 'ilike', likePattern(search)),
          eb('u.username', 'ilike', likePattern(search)),
          eb('u.name', 'ilike', likePattern(search)),
        ]),
      ),
    );
}

const pageOfShares = (base: ReturnType<typeof sharesOf>, page: number, limit: number) =>
  base
    .select(['s.created_at', 's.updated_at'])
    .select(moldsOfShare().as('molds'))
    .orderBy('s.updated_at', 'desc')
    .orderBy('s.id', 'desc')
    .limit(limit)
    .offset((page - 1) * limit);

export class SharingRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** The account an e-mail address belongs to (any case); the oldest when several carry it. */
  async userByEmail(email: string): Promise<RecipientRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'org_id', 'username', 'name', 'email', 'language', 'is_active'])
      .select(sql<boolean>`password_hash <> ''`.as('password_set'))
      .where(sql`lower(email)`, '=', lowered(email))
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  async userById(userId: number): Promise<RecipientRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'org_id', 'username', 'name', 'email', 'language', 'is_active'])
      .select(sql<boolean>`password_hash <> ''`.as('password_set'))
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async usernameTaken(username: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A viewer role of the organisation, or undefined. */
  async viewerRole(orgId: number, roleId: number): Promise<{ id: number; name: string } | undefined> {
    return this.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('id', '=', roleId)
      .where('org_id', '=', orgId)
      .where('is_viewer', '=', true)
      .executeTakeFirst();
  }

  async viewerRoles(orgId: number): Promise<Array<{ id: number; name: string }>> {
    return this.db
      .selectFrom('roles')
      .select(['id', 'name'])
      .where('org_id', '=', orgId)
      .where('is_viewer', '=', true)
      .orderBy('id')
      .execute();
  }

  /** An account made by a share: no password until the recipient sets one through the link. */
  async createRecipient(user: {
    orgId: number;
    roleId: number;
    username: string;
    name: string;
    email: string;
    language: string;
  }): Promise<number> {
    const row = await this.db
      .insertInto('users')
      .values({
        org_id: user.orgId,
        role_id: user.roleId,
        username: user.username,
        password_hash: '',
        name: user.name,
        email: user.email,
        language: user.language,
        is_staff: false,
        subscribe: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Whether the pair has a share; `lock` takes its row for the rest of the transaction (serialises edits of one share). */
  async shareExists(sharerId: number, recipientId: number, { lock = false } = {}): Promise<boolean> {
    const row = await this.db
      .selectFrom('shares')
      .select('id')
      .where('sharer_id', '=', sharerId)
      .where('recipient_id', '=', recipientId)
      .$if(lock, (query) => query.forUpdate())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Names and numbers of these moulds, by name (the invitation lists them). */
  async moldNames(moldIds: readonly number[]): Promise<Array<{ name: string; mold_number: string }>> {
    if (moldIds.length === 0) return [];
    return this.db
      .selectFrom('molds')
      .select(['name', 'mold_number'])
      .where('id', 'in', moldIds)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /** The moulds the sharer shares with the recipient. */
  async sharedMoldIds(sharerId: number, recipientId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('user_mold_grants')
      .select('mold_id')
      .where('user_id', '=', recipientId)
      .where('shared_by', '=', sharerId)
      .orderBy('mold_id')
      .execute();
    return rows.map((row) => row.mold_id);
  }

  /** Adds grants shared by the sharer; moulds the recipient holds already stay as they are. Answers the new ones. */
  async grant(sharerId: number, recipientId: number, moldIds: readonly number[]): Promise<number[]> {
    return new AccessRepository(this.db).addGrants(recipientId, moldIds, sharerId);
  }

  /** Takes away the sharer's shares to the recipient (all, or those not in `keep`). Answers the ids taken. */
  async ungrant(sharerId: number, recipientId: number, keep: readonly number[] = []): Promise<number[]> {
    const rows = await this.db
      .deleteFrom('user_mold_grants')
      .where('user_id', '=', recipientId)
      .where('shared_by', '=', sharerId)
      .$if(keep.length > 0, (query) => query.where('mold_id', 'not in', keep))
      .returning('mold_id')
      .execute();
    return rows.map((row) => row.mold_id);
  }

  /** The share row of the pair, created or touched (updated_at). */
  async touchShare(sharerId: number, recipientId: number, now: Date): Promise<void> {
    await this.db
      .insertInto('shares')
      .values({ sharer_id: sharerId, recipient_id: recipientId, created_at: now, updated_at: now })
      .onConflict((conflict) => conflict.columns(['sharer_id', 'recipient_id']).doUpdateSet({ updated_at: now }))
      .execute();
  }

  async deleteShare(sharerId: number, recipientId: number): Promise<void> {
    await this.db
      .deleteFrom('shares')
      .where('sharer_id', '=', sharerId)
      .where('recipient_id', '=', recipientId)
      .execute();
  }

  /** The caller's share with the account of this e-mail address (any case), if they made one. */
  async shareByEmail(
    sharerId: number,
    email: string,
  ): Promise<{ id: number; email: string; role_id: number | null; role_name: string | null } | undefined> {
    return this.db
      .selectFrom('shares as s')
      .innerJoin('users as u', 'u.id', 's.recipient_id')
      .leftJoin('roles as r', 'r.id', 'u.role_id')
      .select(['u.id', 'u.email', 'u.role_id', 'r.name as role_name'])
      .where('s.sharer_id', '=', sharerId)
      .where(sql`lower(u.email)`, '=', lowered(email))
      .orderBy('u.id')
      .limit(1)
      .executeTakeFirst();
  }

  /** The shares the caller made, newest change first; `search` in e-mail, user name or name. */
  sharesMade(sharerId: number, paging: SharePaging): Promise<{ rows: ShareMadeRow[]; total: number }> {
    return sharesPage(this.db, 'recipient_id', sharerId, paging, (page) =>
      page
        .leftJoin('roles as r', 'r.id', 'u.role_id')
        .select(['u.id', 'u.email', 'u.username', 'u.name', 'u.role_id', 'r.name as role_name'])
        .execute(),
    );
  }

  /** The shares made to the caller, newest change first; `search` in the sharer's e-mail, user name or name. */
  sharesReceived(recipientId: number, paging: SharePaging): Promise<{ rows: ShareReceivedRow[]; total: number }> {
    return sharesPage(this.db, 'sharer_id', recipientId, paging, (page) =>
      page
        .innerJoin('organizations as o', 'o.id', 'u.org_id')
        .select(['u.id', 'u.email as sharer_email', 'o.name as organisation'])
        .select(sql<string>`case when u.name <> '' then u.name else u.username end`.as('sharer'))
        .execute(),
    );
  }

  async insertLink(link: {
    tokenHash: string;
    sharerId: number;
    recipientId: number;
    now: Date;
    expiresAt: Date;
  }): Promise<void> {
    await this.db
      .insertInto('share_links')
      .values({
        token_hash: link.tokenHash,
        sharer_id: link.sharerId,
        recipient_id: link.recipientId,
        created_at: link.now,
        expires_at: link.expiresAt,
      })
      .execute();
  }

  /** Drops the pair's links not used yet (a new share link or a revocation replaces them). */
  async dropUnusedLinks(sharerId: number, recipientId: number): Promise<void> {
    await this.db
      .deleteFrom('share_links')
      .where('sharer_id', '=', sharerId)
      .where('recipient_id', '=', recipientId)
      .where('used_at', 'is', null)
      .execute();
  }

  /** The link of this token hash with its recipient; `lock` takes its row for the rest of the transaction. */
  async linkByHash(tokenHash: string, lock = false): Promise<ShareLinkRow | undefined> {
    return this.db
      .selectFrom('share_links as l')
      .innerJoin('users as u', 'u.id', 'l.recipient_id')
      .innerJoin('users as sharer', 'sharer.id', 'l.sharer_id')
      .select([
        'l.id',
        'l.sharer_id',
        'l.recipient_id',
        'l.expires_at',
        'l.used_at',
        'u.username',
        'u.email',
        'u.is_active',
      ])
      .select(sql<boolean>`u.password_hash <> ''`.as('password_set'))
      .select(sql<string>`case when sharer.name <> '' then sharer.name else sharer.username end`.as('sharer'))
      .where('l.token_hash', '=', tokenHash)
      .$if(lock, (query) => query.forUpdate('l'))
      .executeTakeFirst();
  }

  async markLinkUsed(linkId: number, now: Date): Promise<void> {
    await this.db.updateTable('share_links').set({ used_at: now }).where('id', '=', linkId).execute();
  }

  /** Sets the first password of an account made by a share (only while it has none). */
  async setFirstPassword(userId: number, passwordHash: string): Promise<boolean> {
    const result = await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', userId)
      .where('password_hash', '=', '')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async recordLogin(userId: number, now: Date): Promise<{ token_version: number }> {
    return this.db
      .updateTable('users')
      .set({ last_login: now })
      .where('id', '=', userId)
      .returning('token_version')
      .executeTakeFirstOrThrow();
  }
}
