import type { FastifyInstance } from 'fastify';
import { MAX_MESSAGES_PER_REQUEST, RAW_RETENTION_DAYS, MAX_TELEMETRY_BYTES, ResponseCode } from '@mouldwatch/shared';
import { envelope } from '../infra/http/envelope.js';
import { ApiError, invalidInput, throttled } from '../infra/http/errors.js';
import { MalformedTelemetry, type TelemetryIngest } from './telemetry-ingest.js';

const deviceUnauthenticated = () => new ApiError(401, ResponseCode.unauthenticated, 'deviceTokenInvalid');

/** `Authorization: Device <token>` */
function deviceTokenOf(authorization: string | undefined): string | undefined {
  return /^Device\s+(\S+)$/i.exec(authorization ?? '')?.[1];
}

/** HTTP ingest (docs/device-protocol.md): public, authenticated by the device's own token. */
export async function telemetryRoutes(app: FastifyInstance, { ingest }: { ingest: TelemetryIngest }): Promise<void> {
  app.post(
    '/api/device/telemetry/',
    {
      config: { public: true },
      bodyLimit: MAX_TELEMETRY_BYTES,
      schema: {
        tags: ['devices'],
        summary: 'Device telemetry: one message or an array, stored all or nothing, answered after the commit',
        description:
          `Header \`Authorization: Device <token>\`. Body: a message of docs/device-protocol.md or an array of up to ` +
          `${MAX_MESSAGES_PER_REQUEST}. 200 with {stored, duplicates, too_old_seqs} (too_old_seqs: the seqs stored ` +
          `now that are older than the ${RAW_RETENTION_DAYS}-day raw retention, kept raw but counted in no history); 400 naming the first malformed message, its ` +
          'field and rule (nothing of the request is stored); 401 / 5000 for a missing or wrong token; 429 with ' +
          'Retry-After when the device is over its rate limit (nothing stored).',
        security: [],
      },
    },
    async (request) => {
      const token = deviceTokenOf(request.headers.authorization);
      const device = token ? await ingest.deviceByToken(token) : undefined;
      if (!device) throw deviceUnauthenticated();
      const admission = ingest.rateLimit.take(device.id);
      if (!admission.admitted) throw throttled('tooManyRequests', {}, Math.ceil(admission.retryAfterMs / 1000));
      try {
        return envelope(request, await ingest.ingest(device, request.body));
      } catch (error) {
        if (error instanceof MalformedTelemetry) throw invalidInput(error.message);
        throw error;
      }
    },
  );
}
