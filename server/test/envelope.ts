import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ResponseCode } from '@mouldwatch/shared';

/** The body code that goes with an HTTP status (docs/api.md). */
export function codeForStatus(status: number): ResponseCode {
  if (status === 200) return ResponseCode.ok;
  if (status === 401) return ResponseCode.unauthenticated;
  if (status === 403) return ResponseCode.forbidden;
  if ([400, 413, 414, 415].includes(status)) return ResponseCode.invalid;
  return ResponseCode.refused;
}

/** Asserts the body is the envelope {code, msg, data?} with the code of its status; answers the body. */
export function expectEnvelope(response: LightMyRequestResponse, context = ''): { code: number; msg: string } {
  const label = `${context} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  const body = response.json() as { code: unknown; msg: unknown };
  expect(typeof body.msg, label).toBe('string');
  expect(body.code, label).toBe(codeForStatus(response.statusCode));
  return body as { code: number; msg: string };
}
