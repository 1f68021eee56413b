import type { DestinationStream } from 'pino';

const LEVEL_NAMES: Readonly<Record<number, string>> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

interface LogLine {
  level: number;
  time: number;
  msg?: string;
  pid?: number;
  hostname?: string;
  err?: { stack?: string };
  [field: string]: unknown;
}

/**
 * Pino's lines as a person reads them in a terminal (LOG_FORMAT=text): the time, the level and the
 * message, then the other fields as JSON, and an error's stack on the lines below. A line that is
 * not JSON passes as it is.
 */
export function plainLines(out: Pick<NodeJS.WritableStream, 'write'> = process.stdout): DestinationStream {
  return {
    write(line: string) {
      out.write(plainLine(line));
    },
  };
}

export function plainLine(line: string): string {
  let entry: LogLine;
  try {
    entry = JSON.parse(line) as LogLine;
  } catch {
    return line;
  }
  const { level, time, msg, pid: _pid, hostname: _hostname, err, ...fields } = entry;
  const clock = new Date(time).toISOString().slice(11, 19);
  const rest = Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
  const stack = err?.stack ? `\n${err.stack}` : '';
  return `${clock} ${LEVEL_NAMES[level] ?? level} ${msg ?? ''}${rest}${stack}\n`;
}
