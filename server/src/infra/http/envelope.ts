import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  ResponseCode,
  VALIDATION_MESSAGES,
  isNumberedKey,
  parseLanguage,
  parseTimeZoneHeader,
  serverMessage,
  type Envelope,
  type Language,
  type ServerMessageKey,
  type ValidationMessageKey,
} from '@mouldwatch/shared';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { ApiError, databaseUnavailable } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The `lang` query (or the login path's language); English when absent or unknown. */
    language: Language;
    /** The `Time-Zone` header as an IANA zone; UTC when absent or unknown. */
    timeZone: string;
  }
}

/** The success envelope; `messageKey` picks the localised `msg` (and `key` for numbered ones). */
export function envelope<T>(
  request: FastifyRequest,
  data: T,
  options: { messageKey?: ServerMessageKey; total?: number; more?: boolean } = {},
): Envelope<T> {
  const messageKey = options.messageKey ?? 'ok';
  return {
    code: ResponseCode.ok,
    msg: serverMessage(request.language, messageKey),
    data,
    ...(options.total !== undefined ? { total: options.total } : {}),
    ...(options.more !== undefined ? { more: options.more } : {}),
    ...(isNumberedKey(messageKey) ? { key: messageKey } : {}),
  };
}

function errorBody(language: Language, error: ApiError): Envelope<null> {
  return {
    code: error.code,
    msg: serverMessage(language, error.messageKey, error.values),
    data: null,
    ...(isNumberedKey(error.messageKey) ? { key: error.messageKey } : {}),
  };
}

/** "password: Must be 6 to 16 characters", in the request's language. */
function describeValidation(language: Language, error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const field = first.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
  const catalog = VALIDATION_MESSAGES[language];
  const text =
    first.message && first.message in catalog ? catalog[first.message as ValidationMessageKey] : first.message;
  return `${field}: ${text ?? 'invalid'}`;
}

/**
 * SQLSTATEs of a value the database cannot take — a NUL byte or a character it cannot encode, text
 * that is not a number, a number or date out of range: the request's fault. A backstop: such input
 * should be refused before it reaches a query.
 */
const REFUSED_VALUE_STATES = new Set(['22021', '22P05', '22P02', '22003', '22008']);
const isRefusedValue = (error: FastifyError) => REFUSED_VALUE_STATES.has(error.code);

function toApiError(error: FastifyError, language: Language): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (isDatabaseUnavailable(error)) return databaseUnavailable();
  if (isRefusedValue(error)) {
    return new ApiError(400, ResponseCode.invalid, 'invalidInput', { detail: 'a value the database cannot take' });
  }
  if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
    return new ApiError(400, ResponseCode.invalid, 'invalidInput', { detail: describeValidation(language, error) });
  }
  if (error.statusCode === 429) return new ApiError(429, ResponseCode.refused, 'tooManyRequests');
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    // Malformed JSON, a body too large, an unsupported media type: the client's fault, said plainly.
    return new ApiError(error.statusCode, ResponseCode.invalid, 'invalidInput', { detail: error.message });
  }
  return undefined;
}

/** Request language and zone, the envelope for every error, and 404s for unknown API paths. */
export function registerEnvelope(app: FastifyInstance): void {
  app.decorateRequest('language', 'en');
  app.decorateRequest('timeZone', 'UTC');
  app.addHook('onRequest', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const params = request.params as Record<string, unknown> | undefined;
    const code =
      typeof query?.lang === 'string' ? query.lang : typeof params?.lang === 'string' ? params.lang : undefined;
    request.language = parseLanguage(code) ?? 'en';
    const zoneHeader = request.headers['time-zone'];
    request.timeZone = parseTimeZoneHeader(Array.isArray(zoneHeader) ? zoneHeader[0] : zoneHeader) ?? 'UTC';
  });

  app.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (isRefusedValue(error)) request.log.warn({ err: error }, 'the database refused a value of the request');
    const apiError = toApiError(error, request.language);
    if (apiError)
      return reply.status(apiError.status).headers(apiError.headers).send(errorBody(request.language, apiError));
    request.log.error({ err: error }, 'request failed');
    const internal = new ApiError(500, ResponseCode.refused, 'internalError');
    return reply.status(500).send(errorBody(request.language, internal));
  });
}

/**
 * The router's own refusals, answered before any hook has run (so before the language is read):
 * a path parameter over the length limit (414) or a URL that does not decode (400).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const language = parseLanguage(/[?&]lang=([^&#]*)/.exec(request.url)?.[1]) ?? 'en';
  const apiError =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new ApiError(414, ResponseCode.invalid, 'invalidInput', { detail: 'a path parameter is too long' })
      : (toApiError(error, language) ?? new ApiError(500, ResponseCode.refused, 'internalError'));
  void reply.status(apiError.status).send(errorBody(language, apiError));
}

/** Answer for an API path no route serves. */
export function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(errorBody(request.language, new ApiError(404, ResponseCode.refused, 'notFound')));
}
