import type { Client } from 'aedes';

/**
 * What the limit uses of the mqtt-packet parser inside each aedes client. It has no size option:
 * it reads the fixed header's remaining length into `packet.length`, then buffers until that many
 * bytes have come — 250 MB if the header says so.
 */
interface PacketParser {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(error: Error): void;
}

export class PacketTooLarge extends Error {
  constructor(length: number, maxBytes: number) {
    super(`MQTT packet of ${length} bytes refused: at most ${maxBytes}`);
  }
}

/**
 * Refuses any packet (CONNECT included) whose remaining length is over `maxBytes` as soon as its
 * fixed header is read, before a byte of its body is buffered: the parser reports an error, on
 * which aedes closes the connection without acknowledging anything.
 */
export function limitPacketSize(client: Client, maxBytes: number): Client {
  const parser = (client as unknown as { _parser?: Partial<PacketParser> })._parser;
  if (typeof parser?._parseLength !== 'function' || typeof parser._emitError !== 'function') {
    throw new Error('aedes no longer exposes the mqtt-packet parser: the MQTT packet limit cannot be enforced');
  }
  const limited = parser as PacketParser;
  const parseLength = limited._parseLength.bind(limited);
  limited._parseLength = () => {
    if (!parseLength()) return false;
    if (limited.packet.length <= maxBytes) return true;
    limited._emitError(new PacketTooLarge(limited.packet.length, maxBytes));
    return false;
  };
  return client;
}
