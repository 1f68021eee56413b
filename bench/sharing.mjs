// `npm run bench -- sharing [--db pglite|postgres] [--moulds N] [--shares S] [--requests R] [--warmup W]`
//
// Mould sharing at an organisation's scale: an administrator holding N moulds (default 5,000) shares
// 5 moulds with each of S new addresses (default 300) through POST /api/yudata/share_user/ (timed:
// account made, grants, link, invitation queued), then the lists and the dialog's calls are timed:
// GET /api/yudata/share/ (page 3 of 20, with their moulds), the same searched, share_user_info of
// an address shared with, and the dialog's tree for that recipient (all N moulds, theirs marked).
// Budget (DESIGN §10): p95 ≤ 150 ms for the reads.
//
// Prints ONE JSON line: {"bench":"sharing","db","moulds","shares","requests","share_p50_ms",
// "share_p95_ms","list_p50_ms","list_p95_ms","search_p50_ms","search_p95_ms","info_p50_ms",
// "info_p95_ms","tree_p50_ms","tree_p95_ms"}.
import { parseArgs } from 'node:util';
import { quantile, round } from './support/server.mjs';
import { startManyMouldsServer, timeQuery } from './support/many-moulds-server.mjs';

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: 'pglite' },
    moulds: { type: 'string', default: '5000' },
    shares: { type: 'string', default: '300' },
    requests: { type: 'string', default: '50' },
    warmup: { type: 'string', default: '5' },
  },
});
const db = values.db === 'postgres' ? 'postgres' : 'pglite';
const moulds = Math.max(10, Number(values.moulds));
const shares = Math.max(25, Number(values.shares));
const timing = { warmup: Number(values.warmup), requests: Math.max(1, Number(values.requests)) };

const server = await startManyMouldsServer({ db, moulds });
try {
  const call = async (method, path, body) => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `JWT ${server.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    return JSON.parse(text).data;
  };
  const [role] = await call('GET', '/api/yudata/share/roles/');
  const ids = [];
  const collect = (nodes) => {
    for (const node of nodes) {
      if (node.category === 'mold') ids.push(node.id);
      else collect(node.children);
    }
  };
  collect(await call('GET', '/api/yudata/share/mold_tree/'));
  if (ids.length !== moulds) throw new Error(`the tree holds ${ids.length} moulds, expected ${moulds}`);

  const shareTimes = [];
  for (let index = 0; index < shares; index += 1) {
    const moldIds = Array.from({ length: 5 }, (_, k) => ids[(index * 5 + k) % ids.length]);
    const startedAt = performance.now();
    await call('POST', '/api/yudata/share_user/', { email: `partner${index}@bench.example`, role: role.id, moldIds });
    shareTimes.push(performance.now() - startedAt);
  }
  const info = await call('GET', '/api/yudata/share_user_info/?email=partner42@bench.example');
  const list = await timeQuery(server, '/api/yudata/share/?page=3&limit=20', (total) => total === shares, timing);
  const search = await timeQuery(server, '/api/yudata/share/?search=partner4&limit=20', (total) => total > 0, timing);
  const infoTimes = await timeQuery(
    server,
    '/api/yudata/share_user_info/?email=PARTNER42@bench.example',
    () => true,
    timing,
  );
  const tree = await timeQuery(server, `/api/yudata/share/mold_tree/?user_id=${info.id}`, () => true, timing);
  console.log(
    JSON.stringify({
      bench: 'sharing',
      db,
      moulds,
      shares,
      requests: timing.requests,
      share_p50_ms: round(quantile(shareTimes, 0.5)),
      share_p95_ms: round(quantile(shareTimes, 0.95)),
      list_p50_ms: list.p50,
      list_p95_ms: list.p95,
      search_p50_ms: search.p50,
      search_p95_ms: search.p95,
      info_p50_ms: infoTimes.p50,
      info_p95_ms: infoTimes.p95,
      tree_p50_ms: tree.p50,
      tree_p95_ms: tree.p95,
    }),
  );
} finally {
  await server.stop();
}
