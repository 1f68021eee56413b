import { once } from 'node:events';
import { createServer, connect } from 'node:net';

/**
 * The mean time, in µs, of a 4-byte ping and its echo over a loopback TCP connection, both ends in
 * this process: what the host charges for the socket calls the ingest makes for every message (a
 * device's publish read, its acknowledgement written). Hosts differ here far more than in plain
 * computation: on one whose system calls cost a microsecond each (page-table isolation in a virtual
 * machine) the storing ingest ran at half the rate of another host, whose JavaScript loop was 15 %
 * slower (docs/decisions.md, stop 43).
 */
export async function loopbackRoundTripUs(roundTrips = 20_000) {
  const server = createServer((socket) => socket.setNoDelay(true).on('data', (data) => socket.write(data)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const client = connect(server.address().port, '127.0.0.1');
  client.setNoDelay(true);
  await once(client, 'connect');
  const ping = Buffer.from('ping');
  let left = roundTrips;
  const startedAt = performance.now();
  await new Promise((resolve) => {
    client.on('data', () => {
      left -= 1;
      if (left === 0) resolve();
      else client.write(ping);
    });
    client.write(ping);
  });
  const elapsedMs = performance.now() - startedAt;
  client.destroy();
  server.close();
  return Math.round((10 * 1000 * elapsedMs) / roundTrips) / 10;
}
