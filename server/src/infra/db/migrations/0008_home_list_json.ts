import { sql, type Kysely, type RawBuilder } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** A status row's members of its mould's home list item (`row` is `new` in the trigger). */
const statusMembers = (row: string) =>
  sql.raw(`'"state":' || to_json(${row}.state)
    || ',"online":' || to_json(${row}.online)
    || ',"last_connect_time":' || coalesce(to_json(floor(extract(epoch from ${row}.last_connect_at)))::text, 'null')
    || ',"counter":' || coalesce(to_json(${row}.counter)::text, 'null')
    || ',"last_cycle_time":' || coalesce(to_json(${row}.last_cycle_time)::text, 'null')
    || ',"mold_temp":' || coalesce(array_to_json(${row}.mold_temp)::text, 'null')
    || ',"hrs_temp":' || coalesce(array_to_json(${row}.hrs_temp)::text, 'null')`);

/** A number of the mould's `info`; null when it is missing or not a number (it never stops a write). */
const infoNumber = (key: string) =>
  sql.raw(`(case when jsonb_typeof(new.info->'${key}') = 'number' then (new.info->>'${key}')::numeric end)`);

/**
 * A `before insert or update` trigger on `table` whose function makes the `assignments` (of
 * `list_json` and the like) from the row itself, then run over the rows there already.
 */
async function keptByTrigger(db: AnyDb, table: string, assignments: RawBuilder<unknown>): Promise<void> {
  const name = sql.raw(`${table}_list_json`);
  await sql`create function ${name}() returns trigger language plpgsql as $$
    begin
      ${assignments}
      return new;
    end $$`.execute(db);
  await sql`create trigger ${name} before insert or update on ${sql.raw(table)}
    for each row execute function ${name}()`.execute(db);
  await sql`update ${sql.raw(table)} set list_json = null`.execute(db);
}

/**
 * The home list's items as JSON text kept beside the rows they come from (DESIGN §10: 10,000 moulds
 * in one answer, p95 ≤ 150 ms, on the embedded database too). Turning some twenty columns into JSON
 * costs the database 10–15 µs a mould, at every call; so each table keeps its own members of an
 * item, written by a trigger from the row alone whatever writes it, and a list splices them together
 * with the user's own marks (mold-status.repository.ts). Triggers rather than generated columns:
 * `to_json` is not immutable.
 *
 * A status's members live in a table of their own, `mold_list_status`: the state engine reads and
 * writes whole `mold_status` rows. They are written only when a listed column changes (each sweep
 * rewrites every status), with the counter, so that a list not filtered by state need not join
 * `mold_status` at all.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`alter table molds add column list_json text, add column pm_interval integer, add column pm_base integer`.execute(
    db,
  );
  await keptByTrigger(
    db,
    'molds',
    sql`new.list_json := '"id":' || new.id
        || ',"name":' || to_json(new.name)
        || ',"mold_number":' || to_json(new.mold_number)
        || ',"group_id":' || coalesce(new.group_id::text, 'null')
        || ',"customer":' || to_json(new.customer)
        || ',"country":' || to_json(new.country)
        || ',"mold_image":' || to_json(new.mold_image)
        || ',"target_cycle_time":' || coalesce(to_json(${infoNumber('cycle_time')})::text, 'null');
      new.pm_interval := nullif(round(${infoNumber('maint_interval')})::integer, 0);
      new.pm_base := coalesce(round(${infoNumber('start_count')})::integer, 0);`,
  );
  await sql`alter table mold_groups add column list_json text`.execute(db);
  await keptByTrigger(
    db,
    'mold_groups',
    sql`new.list_json := '"group":' || to_json(new.name) || ',"company_id":' || new.company_id;`,
  );
  await sql`alter table companies add column list_json text`.execute(db);
  await keptByTrigger(db, 'companies', sql`new.list_json := '"company":' || to_json(new.name);`);

  await db.schema
    .createTable('mold_list_status')
    .addColumn('mold_id', 'bigint', (c) => c.primaryKey().references('mold_status.mold_id').onDelete('cascade'))
    .addColumn('counter', 'integer')
    .addColumn('list_json', 'text', (c) => c.notNull())
    .execute();
  await sql`create function mold_status_list_json() returns trigger language plpgsql as $$
    begin
      insert into mold_list_status (mold_id, counter, list_json) values (new.mold_id, new.counter, ${statusMembers('new')})
      on conflict (mold_id) do update set counter = excluded.counter, list_json = excluded.list_json;
      return null;
    end $$`.execute(db);
  await sql`create trigger mold_status_list_json_insert after insert on mold_status
    for each row execute function mold_status_list_json()`.execute(db);
  await sql`create trigger mold_status_list_json_update after update on mold_status for each row
    when ((old.state, old.online, old.last_connect_at, old.counter, old.last_cycle_time, old.mold_temp, old.hrs_temp)
      is distinct from (new.state, new.online, new.last_connect_at, new.counter, new.last_cycle_time, new.mold_temp, new.hrs_temp))
    execute function mold_status_list_json()`.execute(db);
  await sql`insert into mold_list_status (mold_id, counter, list_json)
    select s.mold_id, s.counter, ${statusMembers('s')} from mold_status s`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await sql`drop trigger mold_status_list_json_update on mold_status`.execute(db);
  await sql`drop trigger mold_status_list_json_insert on mold_status`.execute(db);
  await sql`drop function mold_status_list_json`.execute(db);
  await db.schema.dropTable('mold_list_status').execute();
  for (const table of ['companies', 'mold_groups', 'molds']) {
    await sql`drop trigger ${sql.raw(`${table}_list_json`)} on ${sql.raw(table)}`.execute(db);
    await sql`drop function ${sql.raw(`${table}_list_json`)}`.execute(db);
    await sql`alter table ${sql.raw(table)} drop column list_json`.execute(db);
  }
  await sql`alter table molds drop column pm_interval, drop column pm_base`.execute(db);
}
