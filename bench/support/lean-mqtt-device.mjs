// A device for load benches: MQTT 3.1.1 over one TCP socket, CONNECT with username and password,
// PUBLISH at QoS 1 and nothing else — each publish one socket write, each PUBACK matched by its
// packet id. mqtt.js costs the load 30–50 µs of CPU a message; on a 2-core host that CPU is taken
// from the server being measured, which real devices, on their own machines, do not take
// (docs/decisions.md). The protocol is the real one: the server cannot tell this device from
// mqtt.js's, and the tests keep using mqtt.js.
import net from 'node:net';

const CONNACK = 0x20;
const PUBACK = 0x40;
const PINGRESP = 0xd0;
const KEEPALIVE_S = 60;

/** MQTT's variable-length "remaining length". */
function remainingLength(length) {
  const bytes = [];
  do {
    let byte = length % 128;
    length = Math.floor(length / 128);
    if (length > 0) byte |= 0x80;
    bytes.push(byte);
  } while (length > 0);
  return Buffer.from(bytes);
}

/** A length-prefixed UTF-8 string. */
function mqttString(text) {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

function packet(firstByte, body) {
  return Buffer.concat([Buffer.from([firstByte]), remainingLength(body.length), body]);
}

function connectPacket({ clientId, username, password }) {
  const flags = 0x80 | 0x40 | 0x02; // username, password, clean session
  const header = Buffer.from([0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, flags, KEEPALIVE_S >> 8, KEEPALIVE_S & 0xff]);
  return packet(0x10, Buffer.concat([header, mqttString(clientId), mqttString(username), mqttString(password)]));
}

/**
 * Whole packets out of a byte stream: calls `onPacket(type, body)` for each, keeping what is left
 * of a packet cut across reads.
 */
function packetReader(onPacket) {
  let pending = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    let offset = 0;
    for (;;) {
      let length = 0;
      let multiplier = 1;
      let at = offset + 1;
      let complete = false;
      while (at < pending.length) {
        const byte = pending[at++];
        length += (byte & 0x7f) * multiplier;
        multiplier *= 128;
        if ((byte & 0x80) === 0) {
          complete = true;
          break;
        }
      }
      if (!complete || at + length > pending.length) break;
      onPacket(pending[offset] & 0xf0, pending.subarray(at, at + length));
      offset = at + length;
    }
    pending = pending.subarray(offset);
  };
}

/**
 * Connects one device; resolves once the broker accepted it (CONNACK 0), with
 * `publish(topic, payload, done)` — `done(error)` once the PUBACK came or the connection was lost —
 * and `end()`.
 */
export function connectLeanDevice({ port, host = '127.0.0.1', clientId, username, password, timeoutMs = 30_000 }) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port, host, noDelay: true });
    const awaitingAck = new Map();
    let nextId = 1;
    let connected = false;
    const timer = setTimeout(() => fail(new Error(`${clientId}: no CONNACK in ${timeoutMs} ms`)), timeoutMs);

    const fail = (error) => {
      clearTimeout(timer);
      socket.destroy();
      if (!connected) reject(error);
      for (const done of awaitingAck.values()) done(error);
      awaitingAck.clear();
    };

    const device = {
      publish(topic, payload, done) {
        // As for a publish cut off in flight; on the next turn, so that a caller publishing again
        // from `done` does not spin without letting its timers run.
        if (socket.destroyed) return setImmediate(done, new Error(`${clientId}: connection closed`));
        const id = nextId;
        nextId = nextId === 0xffff ? 1 : nextId + 1;
        const topicBytes = mqttString(topic);
        const body = Buffer.allocUnsafe(topicBytes.length + 2 + Buffer.byteLength(payload));
        topicBytes.copy(body);
        body.writeUInt16BE(id, topicBytes.length);
        body.write(payload, topicBytes.length + 2);
        awaitingAck.set(id, done);
        socket.write(packet(0x32, body));
      },
      end() {
        return new Promise((ended) => {
          if (socket.destroyed) return ended();
          socket.end(Buffer.from([0xe0, 0x00]), ended);
        });
      },
      destroy() {
        socket.destroy();
      },
    };

    const read = packetReader((type, body) => {
      if (type === PUBACK) {
        if (body.length !== 2) return fail(new Error(`${clientId}: a PUBACK of ${body.length} bytes`));
        const id = body.readUInt16BE(0);
        const done = awaitingAck.get(id);
        awaitingAck.delete(id);
        done?.();
      } else if (type === CONNACK && !connected) {
        if (body[1] !== 0) return fail(new Error(`${clientId}: CONNACK return code ${body[1]}`));
        connected = true;
        clearTimeout(timer);
        resolve(device);
      } else if (type !== PINGRESP) {
        fail(new Error(`${clientId}: unexpected packet type 0x${type.toString(16)}`));
      }
    });
    socket.on('data', read);
    socket.on('error', fail);
    socket.on('close', () => fail(new Error(`${clientId}: connection closed`)));
    socket.write(connectPacket({ clientId, username, password }));
  });
}
