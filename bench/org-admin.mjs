// `npm run bench -- org-admin [--db pglite|postgres] [--moulds N] [--groups G] [--users U] [--requests R] [--warmup W]`
//
// User administration at an organisation's scale: N moulds (default 10,000) in G groups (500) of
// G/10 companies, and U users (2,000), each granted 5 moulds, the administrator holding them all.
// Times, for the administrator, the permission tree as the users page and the share dialog load it:
// GET /api/yudata/mold_permission/?user_id (the first answer: companies and groups with their
// counts, a user's grants marked), …&parent=g{id} (a group opened), …&search=Mould 12 (a search on
// the server, 111 moulds), GET /api/yudata/share/mold_tree/ (the share dialog's first answer); and
// GET /api/yudata/user/ (a page of 20) and GET /api/yudata/user/obscure_search/?name (a search
// matching a tenth of the users). Budget (DESIGN §10): p95 ≤ 150 ms for each, the tree's first
// answer ≤ 100 KB.
//
// How: this file starts itself again under tsx (the server's TypeScript sources); that process seeds
// PGlite in a temp dir, or with --db postgres DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
// in a fresh schema dropped afterwards, listens on a free port, and sends W untimed then R timed
// requests of each call, one after another, each timed from the call until the whole body is read.
//
// Prints ONE JSON line: {"bench":"org-admin","db","moulds","groups","users","requests",
// "tree_p50_ms","tree_p95_ms","tree_kb" (the first answer), "group_p95_ms","group_kb",
// "tree_search_p95_ms","tree_search_kb","share_tree_p95_ms","share_tree_kb",
// "list_p50_ms","list_p95_ms","search_p50_ms","search_p95_ms"}.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { quantile, round } from './support/server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    moulds: { type: 'string', default: '10000' },
    groups: { type: 'string', default: '500' },
    users: { type: 'string', default: '2000' },
    requests: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '10' },
    run: { type: 'boolean', default: false },
  },
});

if (!values.run) {
  const child = spawnSync(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', fileURLToPath(import.meta.url), '--run', ...process.argv.slice(2)],
    { stdio: 'inherit' },
  );
  process.exit(child.status ?? 1);
}

const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const counts = {
  moulds: Math.max(1, Number(values.moulds)),
  groups: Math.max(10, Number(values.groups)),
  users: Math.max(1, Number(values.users)),
};
const PG_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const ADMIN = { username: 'benchadmin', password: 'bench1234', name: 'Bench', email: 'bench@example.com' };

const { sql } = await import('kysely');
const { seedOrganization } = await import('../server/src/seed/organization.ts');
const { startQuietServer } = await import('./support/quiet-server.ts');
const { server, stop } = await startQuietServer(db, PG_URL);

try {
  const { orgId, viewerRoleId } = await seedOrganization(server.context.db, 'Bench Org', ADMIN);
  await seed(server.context.db, orgId, viewerRoleId);
  const url = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/login/en_US',
    payload: { username: ADMIN.username, password: Buffer.from(ADMIN.password).toString('base64') },
  });
  const token = login.json().data.access;
  const someUser = await server.context.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'staff000042')
    .executeTakeFirstOrThrow();
  const treeUrl = `/api/yudata/mold_permission/?user_id=${someUser.id}`;
  const tree = await timed(url, token, treeUrl, (body) => countMoulds(body.data));
  const someGroup = await server.context.db
    .selectFrom('mold_groups')
    .select('id')
    .where('org_id', '=', orgId)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const group = await timed(url, token, `${treeUrl}&parent=g${someGroup.id}`, (body) => body.data.length);
  const treeSearch = await timed(url, token, `${treeUrl}&search=Mould%2012`, (body) => mouldNodes(body.data));
  const shareTree = await timed(url, token, '/api/yudata/share/mold_tree/', (body) => countMoulds(body.data));
  const list = await timed(url, token, '/api/yudata/user/?page=3&limit=20', (body) => body.total);
  const search = await timed(
    url,
    token,
    '/api/yudata/user/obscure_search/?name=StAfF0001&limit=20',
    (body) => body.total,
  );
  if (tree.check !== counts.moulds) throw new Error(`the tree counts ${tree.check} moulds, expected ${counts.moulds}`);
  if (shareTree.check !== counts.moulds) throw new Error(`the share tree counts ${shareTree.check} moulds`);
  if (group.check !== Math.ceil(counts.moulds / counts.groups))
    throw new Error(`the group holds ${group.check} moulds`);
  if (treeSearch.check < 1) throw new Error('the search found no mould');
  if (list.check !== counts.users + 1) throw new Error(`listed ${list.check} users, expected ${counts.users + 1}`);
  console.log(
    JSON.stringify({
      bench: 'org-admin',
      db,
      ...counts,
      requests: Number(values.requests),
      tree_p50_ms: tree.p50,
      tree_p95_ms: tree.p95,
      tree_kb: tree.kb,
      group_p95_ms: group.p95,
      group_kb: group.kb,
      tree_search_p95_ms: treeSearch.p95,
      tree_search_kb: treeSearch.kb,
      share_tree_p95_ms: shareTree.p95,
      share_tree_kb: shareTree.kb,
      list_p50_ms: list.p50,
      list_p95_ms: list.p95,
      search_p50_ms: search.p50,
      search_p95_ms: search.p95,
    }),
  );
} finally {
  await stop();
}

/** Companies, groups, moulds (all the admin's), users of the viewer role with 5 moulds each; then analysed. */
async function seed(kysely, orgId, roleId) {
  const companies = counts.groups / 10;
  const statements = [
    sql`insert into companies (org_id, name) select ${orgId}, 'Company ' || n from generate_series(1, ${companies}) n`,
    sql`insert into mold_groups (org_id, company_id, name)
        select ${orgId}, c.id, 'Group ' || n from companies c, generate_series(1, 10) n where c.org_id = ${orgId}`,
    sql`insert into molds (org_id, name, mold_number, group_id)
        select ${orgId}, 'Mould ' || n, 'M-' || lpad(n::text, 6, '0'), g.id
        from generate_series(1, ${counts.moulds}) n
        join (select id, row_number() over (order by id) - 1 as k from mold_groups where org_id = ${orgId}) g
          on g.k = n % ${counts.groups}`,
    sql`insert into user_mold_grants (user_id, mold_id, shared_by)
        select u.id, m.id, null from molds m, users u where m.org_id = ${orgId} and u.org_id = ${orgId}`,
    sql`insert into users (org_id, role_id, username, password_hash, name, email, mobile, is_staff)
        select ${orgId}, ${roleId}, 'staff' || lpad(n::text, 6, '0'), 'unusable', 'Staff ' || n,
               'staff' || n || '@example.com', '+1-555-' || n, true
        from generate_series(1, ${counts.users}) n`,
    sql`insert into user_mold_grants (user_id, mold_id, shared_by)
        select u.id, m.id, null
        from users u
        join lateral (select id from molds where org_id = ${orgId} order by id offset (u.id * 7) % ${counts.moulds} limit 5) m on true
        where u.org_id = ${orgId} and u.username like 'staff%'`,
    sql`analyze`,
  ];
  for (const statement of statements) await statement.execute(kysely);
}

/** The moulds the top of a tree counts (its companies' and groups' mold_count). */
function countMoulds(nodes) {
  return nodes.reduce((sum, node) => sum + (node.mold_count ?? 0), 0);
}

function mouldNodes(nodes) {
  return nodes.reduce((sum, node) => sum + (node.category === 'mold' ? 1 : mouldNodes(node.children)), 0);
}

async function timed(url, token, pathAndQuery, check) {
  const get = async () => {
    const startedAt = performance.now();
    const response = await fetch(`${url}${pathAndQuery}`, { headers: { authorization: `JWT ${token}` } });
    const text = await response.text();
    if (!response.ok) throw new Error(`${pathAndQuery}: ${response.status} ${text.slice(0, 200)}`);
    return { ms: performance.now() - startedAt, text };
  };
  for (let index = 0; index < Number(values.warmup); index += 1) await get();
  const timings = [];
  let last;
  for (let index = 0; index < Math.max(1, Number(values.requests)); index += 1) {
    last = await get();
    timings.push(last.ms);
  }
  return {
    p50: round(quantile(timings, 0.5)),
    p95: round(quantile(timings, 0.95)),
    kb: Math.round(last.text.length / 1024),
    check: check(JSON.parse(last.text)),
  };
}
