import { sql, type Kysely } from 'kysely';

// Migrations see the database as it was when they were written, not as the app's types say now.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * Lists stay fast at 10,000 moulds, 20,000 tasks and 100,000 orders (issue 13): the work order list
 * and the maintenance history search one stored, lower-cased `search_text` column each, kept by
 * triggers in the transaction of every write that changes what it is made of — the row's own texts,
 * its mould's name or number —; the schedule searches its tasks' names and its moulds' texts (the due
 * job rewrites its rows every minute: no text to re-index there); with trigram indexes (pg_trgm) where the
 * database has it, so `like '%…%'` reads the index instead of scanning the organisation's rows. The
 * embedded database loads pg_trgm (database.ts); a PostgreSQL without it (or where the role may not
 * create it) keeps the same columns and queries without the trigram indexes.
 *
 * Fields are joined with chr(31) (as molds.search_text is), so a search never matches across two.
 */
export async function up(db: AnyDb): Promise<void> {
  await addSearchText(db);
  const trigramOps = await trigramOperatorClass(db);
  if (trigramOps) {
    for (const [index, table] of [
      ['work_orders_search', 'work_orders'],
      ['maintenance_records_search', 'maintenance_records'],
      ['molds_search', 'molds'],
    ] as const) {
      await sql`create index ${sql.id(index)} on ${sql.table(table)} using gin (search_text ${trigramOps})`.execute(db);
    }
    // The schedule looks in its tasks' names and its moulds' texts (its links change every minute).
    await sql`create index maintenance_tasks_search on maintenance_tasks using gin ((lower(task_name)) ${trigramOps})`.execute(
      db,
    );
  }
  // A status filter of the schedule reads its order's index: urgency is the status's rank (0 exceeded,
  // 1 warning, 2 normal), so `urgency = n` narrows that index to one range already in order.
  // The work order list's start-date filter.
  await sql`create index work_orders_org_start on work_orders (org_id, start_date)`.execute(db);
  // The history's mould filter pages its mould's records newest first.
  await sql`create index maintenance_records_mold_newest on maintenance_records (mold_id, confirmed_at desc, id desc)`.execute(
    db,
  );
  await sql`drop index maintenance_records_mold`.execute(db);
}

/** The columns, their triggers, and the texts of the rows already there. */
async function addSearchText(db: AnyDb): Promise<void> {
  for (const table of ['work_orders', 'maintenance_records']) {
    await sql`alter table ${sql.table(table)} add column search_text text not null default ''`.execute(db);
  }
  await sql`
    create function work_order_search_text(order_no text, project_name text, machine text, workshop text,
                                           mold_number text) returns text language sql immutable as $$
      select lower(order_no || chr(31) || project_name || chr(31) || machine || chr(31) || workshop
                   || chr(31) || coalesce(mold_number, ''))
    $$`.execute(db);
  // An order's own texts and its mould's number (what the list's search has always looked in).
  await sql`
    create function work_orders_search_text() returns trigger language plpgsql as $$
    begin
      new.search_text := work_order_search_text(new.order_no, new.project_name, new.machine, new.workshop,
        (select m.mold_number from molds m where m.id = new.mold_id));
      return new;
    end $$`.execute(db);
  await sql`
    create trigger work_orders_search_text
    before insert or update of order_no, project_name, machine, workshop, mold_id on work_orders
    for each row execute function work_orders_search_text()`.execute(db);
  // A record: the task's name as it was done under, and the mould's name and number.
  await sql`
    create function maintenance_records_search_text() returns trigger language plpgsql as $$
    begin
      new.search_text := lower(new.task_name) || chr(31)
        || coalesce((select m.search_text from molds m where m.id = new.mold_id), '');
      return new;
    end $$`.execute(db);
  await sql`
    create trigger maintenance_records_search_text
    before insert or update of task_name, mold_id on maintenance_records
    for each row execute function maintenance_records_search_text()`.execute(db);
  // A mould's new name or number: its orders and records (molds.search_text is generated).
  await sql`
    create function molds_search_text() returns trigger language plpgsql as $$
    begin
      if old.mold_number is distinct from new.mold_number then
        update work_orders wo set search_text =
          work_order_search_text(wo.order_no, wo.project_name, wo.machine, wo.workshop, new.mold_number)
          where wo.mold_id = new.id;
      end if;
      update maintenance_records r set search_text = lower(r.task_name) || chr(31) || new.search_text
        where r.mold_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger molds_search_text
    after update of name, mold_number on molds
    for each row when (old.name is distinct from new.name or old.mold_number is distinct from new.mold_number)
    execute function molds_search_text()`.execute(db);
  await sql`
    update work_orders wo set search_text =
      work_order_search_text(wo.order_no, wo.project_name, wo.machine, wo.workshop, m.mold_number)
      from molds m where m.id = wo.mold_id`.execute(db);
  await sql`
    update maintenance_records r set search_text = lower(r.task_name) || chr(31) || m.search_text
      from molds m where m.id = r.mold_id`.execute(db);
}

/**
 * `<schema>.gin_trgm_ops` once pg_trgm is installed, or undefined where it cannot be. It goes into
 * `public` where the role may create there (else the current schema): test runs migrate schemas of
 * their own side by side in one database and drop them afterwards, and an extension inside one of
 * them would go with it. Creating it is serialised (an advisory lock held to the commit) and tried
 * under a savepoint, so a database without it migrates on.
 */
async function trigramOperatorClass(db: AnyDb) {
  await sql`select pg_advisory_xact_lock(hashtext('mouldwatch:create-extension-pg_trgm'))`.execute(db);
  let schema = await extensionSchema(db);
  if (!schema) {
    const { rows } = await sql<{ target: string }>`
      select case when not exists (select 1 from pg_namespace where nspname = 'public') then current_schema()
                  when has_schema_privilege('public', 'CREATE') then 'public' else current_schema() end as target`.execute(
      db,
    );
    await sql`savepoint create_pg_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema ${sql.id(rows[0]!.target)}`.execute(db);
      await sql`release savepoint create_pg_trgm`.execute(db);
    } catch {
      await sql`rollback to savepoint create_pg_trgm`.execute(db);
    }
    schema = await extensionSchema(db);
  }
  return schema ? sql`${sql.id(schema)}.gin_trgm_ops` : undefined;
}

async function extensionSchema(db: AnyDb): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
     where e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

export async function down(db: AnyDb): Promise<void> {
  await sql`create index maintenance_records_mold on maintenance_records (mold_id)`.execute(db);
  await sql`drop index maintenance_records_mold_newest`.execute(db);
  await sql`drop index work_orders_org_start`.execute(db);
  for (const index of ['molds_search', 'maintenance_records_search', 'maintenance_tasks_search', 'work_orders_search'])
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  await sql`drop trigger molds_search_text on molds`.execute(db);
  await sql`drop trigger maintenance_records_search_text on maintenance_records`.execute(db);
  await sql`drop trigger work_orders_search_text on work_orders`.execute(db);
  for (const fn of ['molds_search_text', 'maintenance_records_search_text', 'work_orders_search_text'])
    await sql`drop function ${sql.id(fn)}()`.execute(db);
  await sql`drop function work_order_search_text(text, text, text, text, text)`.execute(db);
  for (const table of ['maintenance_records', 'work_orders'])
    await sql`alter table ${sql.table(table)} drop column search_text`.execute(db);
}
