import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Names of companies (per organisation) and of mould groups (per company) are unique whatever their
 * case, like accounts: "Line1" and "line1" would be one name to the people picking them. Tags are
 * the reusable values of the mould form's country and workshop fields, per organisation and kind.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`alter table companies drop constraint companies_org_name_unique`.execute(db);
  await sql`create unique index companies_org_name_unique on companies (org_id, lower(name))`.execute(db);
  await sql`alter table mold_groups drop constraint mold_groups_company_name_unique`.execute(db);
  await sql`create unique index mold_groups_company_name_unique on mold_groups (company_id, lower(name))`.execute(db);

  await db.schema
    .createTable('mold_tags')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('org_id', 'bigint', (c) => c.notNull().references('organizations.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('country', 'factory')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index mold_tags_org_kind_name_unique on mold_tags (org_id, kind, lower(name))`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mold_tags').execute();
  await sql`drop index mold_groups_company_name_unique`.execute(db);
  await sql`alter table mold_groups add constraint mold_groups_company_name_unique unique (company_id, name)`.execute(
    db,
  );
  await sql`drop index companies_org_name_unique`.execute(db);
  await sql`alter table companies add constraint companies_org_name_unique unique (org_id, name)`.execute(db);
}
