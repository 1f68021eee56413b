import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 1×1 grey PNG, served for every tile: the tests never reach the internet. */
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

export interface TileServer {
  /** The paths asked for, in order (`/global/…` or `/china/…`). */
  requests: string[];
  /** The console's settings that point both map providers here. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A local tile server for the map's two providers. */
export async function startTileServer(): Promise<TileServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
    response.end(TILE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    requests,
    env: { MAP_TILES_GLOBAL: `${base}/global/{z}/{x}/{y}.png`, MAP_TILES_CHINA: `${base}/china/{z}/{x}/{y}.png` },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
