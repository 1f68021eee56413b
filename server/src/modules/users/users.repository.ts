import type { Kysely } from 'kysely';
import type { Database, UserRow, UserUpdate } from '../../infra/db/schema.js';

export type ProfileRow = UserRow & { role_name: string | null };

export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findProfile(userId: number): Promise<ProfileRow | undefined> {
    return this.db
      .selectFrom('users')
      .leftJoin('roles', 'roles.id', 'users.role_id')
      .selectAll('users')
      .select('roles.name as role_name')
      .where('users.id', '=', userId)
      .executeTakeFirst();
  }

  async update(userId: number, changes: UserUpdate): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    await this.db.updateTable('users').set(changes).where('id', '=', userId).execute();
  }
}
