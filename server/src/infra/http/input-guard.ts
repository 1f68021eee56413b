import type { FastifyInstance } from 'fastify';
import { VALIDATION_MESSAGES } from '@mouldwatch/shared';
import { invalidInput } from './errors.js';

/**
 * Where the first NUL character sits in a parsed value — a string, or a key or string anywhere
 * inside arrays and objects — as a field path ('' for the value itself); undefined when there is
 * none. Walked without recursion: a body may nest as deep as 1 MiB of brackets allows.
 */
export function findNul(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (item.includes('\0')) return path;
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\0')) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * A NUL character is refused in every path parameter, query and JSON body before validation: no
 * text field means it, and PostgreSQL cannot store or compare it (it answered 500).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const path = findNul(value);
      if (path !== undefined) {
        throw invalidInput(`${path || part}: ${VALIDATION_MESSAGES[request.language].noNulCharacter}`);
      }
    }
  });
}
