import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/src/infra/db/schema.js';

/**
 * `count` moulds of the organisation granted to each of its users, in set-based statements: spread
 * over `groups` groups (default 50), five to a company, each with a device and a live status (running, idle, standby,
 * stopped, off), mould and hot runner temperatures, a tenth of them favourites and every other one
 * put in an order. The tables are then analysed, as autovacuum or, without one, the roll-up job
 * would soon after such a load. For the browser's 10,000-mould test and `npm run bench -- moulds`.
 */
export async function seedManyMoulds(db: Kysely<Database>, orgId: number, count: number, groups = 50): Promise<void> {
  const companies = Math.ceil(groups / 5);
  const statements = [
    sql`insert into companies (org_id, name) select ${orgId}, 'Company ' || n from generate_series(1, ${companies}) n`,
    sql`insert into mold_groups (org_id, company_id, name)
        select ${orgId}, c.id, 'Group ' || n from companies c, generate_series(1, 5) n where c.org_id = ${orgId}`,
    sql`insert into molds (org_id, name, mold_number, group_id, customer, country, info)
        select ${orgId}, 'Mould ' || n, 'M-' || lpad(n::text, 6, '0'),
               (select id from mold_groups where org_id = ${orgId} order by id offset n % ${companies * 5} limit 1),
               'Customer ' || (n % 40), (array['China', 'Brazil', 'Korea', 'Germany'])[1 + n % 4],
               jsonb_build_object('cycle_time', 20 + n % 30, 'start_count', 10000, 'maint_interval', 50000)
        from generate_series(1, ${count}) n`,
    sql`insert into user_mold_grants (user_id, mold_id, shared_by, favourite, sort)
        select u.id, m.id, null, m.id % 10 = 0, case when m.id % 2 = 0 then ${count} - m.id end
        from molds m, users u where m.org_id = ${orgId} and u.org_id = ${orgId}`,
    sql`insert into devices (org_id, device_no, token_hash, mold_id)
        select ${orgId}, 'MANY-' || m.id, md5('many-' || m.id), m.id from molds m where m.org_id = ${orgId}`,
    // Each status as the state engine would leave it, so that its next sweep finds nothing to change.
    sql`insert into mold_status (mold_id, state, online, powered_off, last_connect_at, last_cycle_at, counter,
                                 last_cycle_time, mold_temp, hrs_temp, battery, lat, lng, state_since, accounted_until)
        select m.id, s.state, s.state <> 'off', s.state = 'off', now() - s.silent, now() - s.since_cycle,
               20000 + m.id, 20 + m.id % 31, array[60.5, 61.2, 59.8, null]::double precision[],
               array[220.1, 221.4, 219.8, 220.6, 222.0, null]::double precision[], 80, 22.5, 114.0, now(), now()
        from molds m
        join (values (0, 'run', interval '0 s', interval '0 s'), (1, 'run', '0 s', '10 s'), (2, 'run', '0 s', '20 s'),
                     (3, 'idle', '0 s', '400 s'), (4, 'stby', '0 s', null), (5, 'stop', '0 s', '2000 s'),
                     (6, 'stop', '0 s', '3000 s'), (7, 'off', '60 s', '100 s'))
             as s(n, state, silent, since_cycle) on s.n = m.id % 8
        where m.org_id = ${orgId}`,
  ];
  for (const statement of statements) await statement.execute(db);
  await sql`analyze`.execute(db);
}
