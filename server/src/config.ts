import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const port = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(0, 'must be a port number (0 to 65535)')
    .max(65535, 'must be a port number (0 to 65535)')
    .default(fallback);

const url = (protocols: readonly string[]) =>
  z
    .string()
    .url('must be a URL')
    .refine((value) => URL.canParse(value) && protocols.includes(new URL(value).protocol), {
      message: `must start with ${protocols.join(' or ')}//`,
    })
    .optional();

const flag = z
  .enum(['0', '1', 'true', 'false', ''], { message: 'must be 1 or 0' })
  .default('0')
  .transform((value) => value === '1' || value === 'true');

/** An address, or an address block in CIDR notation (`10.0.0.0/8`, `fd00::/8`). */
const isAddressOrBlock = (entry: string) => {
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};

/**
 * Which reverse proxies to believe about the client's address (X-Forwarded-For): their addresses
 * or address blocks, comma-separated. Never "all" nor a hop count: a client could then claim any
 * address and slip past the login throttling.
 */
const trustedProxies = z
  .string()
  .transform((value) => value.split(',').map((entry) => entry.trim()))
  .refine((entries) => entries.every(isAddressOrBlock), {
    message: "must be the proxies' addresses or CIDR blocks, comma-separated",
  })
  .optional();

/**
 * A map tile source (Leaflet URL template with `{z}`, `{x}`, `{y}`, optionally `{s}`), or `none` for
 * no tiles at all (the map then shows its markers on a plain background).
 */
const tileTemplate = (fallback: string) =>
  z
    .string()
    .refine(
      (value) =>
        value === 'none' ||
        (['{z}', '{x}', '{y}'].every((part) => value.includes(part)) &&
          URL.canParse(value.replace(/\{[a-z]\}/g, '0')) &&
          ['http:', 'https:'].includes(new URL(value.replace(/\{[a-z]\}/g, '0')).protocol)),
      { message: 'must be an http(s) tile URL template with {z}, {x} and {y}, or none' },
    )
    .default(fallback);

const environmentSchema = z
  .object({
    PORT: port(8080),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: url(['postgres:', 'postgresql:']),
    MQTT_PORT: port(1883),
    MQTT_URL: url(['mqtt:', 'mqtts:', 'ws:', 'wss:']),
    MQTT_SHARED_GROUP: z
      .string()
      .regex(/^[^/+#]+$/, 'must be a name without /, + or #')
      .optional(),
    AMQP_URL: url(['amqp:', 'amqps:']),
    AMQP_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,200}$/, 'must be a queue name of letters, digits, . _ : - (at most 200)')
      .default('mouldwatch.telemetry'),
    REDIS_URL: url(['redis:', 'rediss:']),
    REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be letters, digits, . _ : - (at most 100)')
      .optional(),
    SMTP_URL: url(['smtp:', 'smtps:']),
    SMS_URL: url(['http:', 'https:']).refine(
      (value) => value === undefined || !URL.canParse(value) || new URL(value).username === '',
      { message: 'must not carry user:password@ (put the gateway key in its query)' },
    ),
    MAIL_FROM: z.string().email('must be an e-mail address (alerts@factory.example)').optional(),
    RENEWAL_OPERATOR_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
    PUBLIC_URL: url(['http:', 'https:']),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DEMO: flag,
    SIGNUP: z.enum(['open', 'closed'], { message: 'must be open or closed' }).optional(),
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    LOG_FORMAT: z.enum(['text', 'json'], { message: 'must be text or json' }).optional(),
    TRUST_PROXY: trustedProxies,
    DEVICE_RATE_LIMIT: z.coerce.number().int().min(1, 'must be a whole number ≥ 1').default(100),
    MAP_TILES_GLOBAL: tileTemplate('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'),
    MAP_TILES_GLOBAL_ATTRIBUTION: z
      .string()
      .max(300, 'must be at most 300 characters')
      .default('© OpenStreetMap contributors'),
    MAP_TILES_CHINA: tileTemplate(
      'https://webrd0{s}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
    ),
    MAP_TILES_CHINA_ATTRIBUTION: z.string().max(300, 'must be at most 300 characters').default('© AutoNavi'),
  })
  .refine((env) => !(env.AMQP_URL && env.MQTT_URL), {
    path: ['AMQP_URL'],
    message: 'devices reach the server through one broker: unset MQTT_URL or AMQP_URL',
  })
  .refine((env) => !(env.DEMO && env.NODE_ENV === 'production'), {
    path: ['DEMO'],
    message: 'demo data is never seeded in production (unset DEMO or NODE_ENV=production)',
  });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  mqttPort: number;
  mqttUrl: string | undefined;
  /** With MQTT_URL: instances in this shared-subscription group split the messages (else each gets all). */
  mqttSharedGroup: string | undefined;
  /** Device readings from this RabbitMQ's queue, which all instances consume from (ingest/amqp-consumer.ts). */
  amqp: { url: string; queue: string } | undefined;
  redisUrl: string | undefined;
  /** Redis channel prefix; derived from the installation's id when absent (infra/bus/redis-event-bus.ts). */
  redisPrefix: string | undefined;
  /** Outgoing mail (infra/mail); without it no e-mail is queued. */
  smtpUrl: string | undefined;
  /** The HTTP SMS gateway (infra/sms, docs/api.md "SMS gateway"); without it no SMS is queued. */
  smsUrl: string | undefined;
  /** The sender of outgoing mail; alerts@ the PUBLIC_URL's host when absent. */
  mailFrom: string | undefined;
  publicUrl: string | undefined;
  /** The platform operator's key for confirming renewal payments (README "Renewal"); unset: no confirmation by API. */
  renewalOperatorKey: string | undefined;
  jwtSecret: string | undefined;
  demo: boolean;
  /** Whether people may sign up from the login page (SIGNUP; open in the demo, else closed by default). */
  signup: 'open' | 'closed';
  production: boolean;
  logLevel: string;
  /** Log lines as text for a person or JSON for a collector (LOG_FORMAT; by default text on a terminal). */
  logFormat: 'text' | 'json' | undefined;
  /** Telemetry requests or publishes a second per device (docs/device-protocol.md, "Limits"). */
  deviceRateLimit: number;
  /** Reverse proxies whose X-Forwarded-For names the client, by address or block (none by default). */
  trustProxy: string[] | undefined;
  /** Map tiles of the two providers (2 global, 1 China in GCJ-02); an empty url: no tiles. */
  mapTiles: { global: TileSource; china: TileSource };
  /** The built SPA; absent in API-only test runs. */
  webDir: string | undefined;
}

export interface TileSource {
  url: string;
  attribution: string;
  subdomains: string;
}

export class ConfigError extends Error {}

const tileSource = (url: string, attribution: string, subdomains: string): TileSource =>
  url === 'none' ? { url: '', attribution: '', subdomains: '' } : { url, attribution, subdomains };

/** A URL fit for a log line or an error message: its password masked. */
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Reads the environment; each bad value becomes one line that names the variable. */
/** An empty variable (`DATABASE_URL=`) means "not set", as in most shells' env files. */
function withoutEmpty(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
}

export function loadConfig(env: NodeJS.ProcessEnv, webDir?: string): Config {
  const parsed = environmentSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      return `${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(lines.join('\n'));
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    mqttPort: e.MQTT_URL || e.AMQP_URL ? 0 : e.MQTT_PORT,
    mqttUrl: e.MQTT_URL,
    mqttSharedGroup: e.MQTT_SHARED_GROUP,
    amqp: e.AMQP_URL ? { url: e.AMQP_URL, queue: e.AMQP_QUEUE } : undefined,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    smtpUrl: e.SMTP_URL,
    smsUrl: e.SMS_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: e.PUBLIC_URL,
    renewalOperatorKey: e.RENEWAL_OPERATOR_KEY,
    jwtSecret: e.JWT_SECRET,
    demo: e.DEMO,
    signup: e.SIGNUP ?? (e.DEMO ? 'open' : 'closed'),
    production: e.NODE_ENV === 'production',
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    deviceRateLimit: e.DEVICE_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    mapTiles: {
      global: tileSource(e.MAP_TILES_GLOBAL, e.MAP_TILES_GLOBAL_ATTRIBUTION, 'abc'),
      china: tileSource(e.MAP_TILES_CHINA, e.MAP_TILES_CHINA_ATTRIBUTION, '1234'),
    },
    webDir,
  };
}
