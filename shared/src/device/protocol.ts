import * as z from 'zod/mini';

/** Events a device may attach to a message. */
export const DEVICE_EVENTS = ['cycle', 'heartbeat', 'power_off', 'power_on'] as const;
export type DeviceEvent = (typeof DEVICE_EVENTS)[number];

export const MOLD_TEMP_CHANNELS = 4;
export const HOT_RUNNER_CHANNELS = 6;
/** Earliest timestamp accepted: 2020-01-01. */
export const EARLIEST_TS = 1_577_836_800;
/** How far ahead of the server clock a device clock may run. */
export const MAX_CLOCK_AHEAD_S = 600;
export const MAX_MESSAGES_PER_REQUEST = 1000;
/**
 * The largest HTTP body, or MQTT packet after its fixed header (topic, packet id and payload), a
 * device may send: 1 MiB, some 4,000 typical messages, so a full batch of 1000 fits.
 */
export const MAX_TELEMETRY_BYTES = 1024 * 1024;

/** A number's allowed range, inclusive; the schema and the common-message check both read these. */
type Range = readonly [min: number, max: number];
const SEQ: Range = [0, Number.MAX_SAFE_INTEGER];
const TS: Range = [EARLIEST_TS, Number.MAX_SAFE_INTEGER];
const COUNTER: Range = [0, 1_000_000_000];
const SECONDS: Range = [0, 86_400];
const TEMPERATURE: Range = [-100, 1000];
const CURRENT: Range = [0, 10_000];
const BATTERY: Range = [0, 100];

const within = <T extends z.ZodMiniNumber<number>>(schema: T, [min, max]: Range) =>
  schema.check(z.gte(min), z.lte(max));
const temperature = z.nullable(within(z.number(), TEMPERATURE));
const temperatures = (count: number) => z.nullable(z.array(temperature).check(z.length(count)));
/** A reading a device may leave out or send as null. */
const optionalReading = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/** One telemetry message of the device protocol (docs/device-protocol.md). */
export const deviceMessageSchema = z.strictObject({
  seq: within(z.int(), SEQ),
  ts: within(z.int(), TS),
  counter: z.optional(within(z.int(), COUNTER)),
  cycle_time: optionalReading(within(z.number(), SECONDS)),
  open_time: optionalReading(within(z.number(), SECONDS)),
  close_time: optionalReading(within(z.number(), SECONDS)),
  mold_temp: z.optional(temperatures(MOLD_TEMP_CHANNELS)),
  hrs_temp: z.optional(temperatures(HOT_RUNNER_CHANNELS)),
  current: optionalReading(within(z.number(), CURRENT)),
  battery: optionalReading(within(z.number(), BATTERY)),
  gps: optionalReading(
    z.strictObject({
      lat: z.number().check(z.gte(-90), z.lte(90)),
      lng: z.number().check(z.gte(-180), z.lte(180)),
    }),
  ),
  wifi: optionalReading(
    z
      .array(
        z.strictObject({
          bssid: z.string().check(z.regex(/^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/)),
          rssi: z.int().check(z.gte(-120), z.lte(0)),
        }),
      )
      .check(z.maxLength(32)),
  ),
  event: z.optional(z.enum(DEVICE_EVENTS)),
});
export type DeviceMessage = z.infer<typeof deviceMessageSchema>;

export type ParsedMessage = { ok: true; message: DeviceMessage } | { ok: false; reason: string };

/**
 * Validates one message against the protocol and the server clock; the reason names the field.
 * A message of the common shape is checked by hand (isCommonMessage), anything else by the schema.
 */
export function parseDeviceMessage(input: unknown, nowSeconds: number): ParsedMessage {
  let message: DeviceMessage;
  if (isCommonMessage(input)) {
    message = input;
  } else {
    const parsed = deviceMessageSchema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'message';
      return { ok: false, reason: `${field}: ${issue?.message ?? 'invalid'}` };
    }
    message = parsed.data;
  }
  if (message.ts > nowSeconds + MAX_CLOCK_AHEAD_S) {
    return { ok: false, reason: `ts: ${message.ts} is more than ${MAX_CLOCK_AHEAD_S} s ahead of the server clock` };
  }
  return { ok: true, message };
}

/** The keys of a common message: every key of the protocol but `gps` and `wifi`. */
const COMMON_KEYS = new Set([
  'seq',
  'ts',
  'counter',
  'cycle_time',
  'open_time',
  'close_time',
  'mold_temp',
  'hrs_temp',
  'current',
  'battery',
  'event',
]);

const isNumberIn = (value: unknown, [min, max]: Range) =>
  typeof value === 'number' && value >= min && value <= max && Number.isFinite(value);
const isIntegerIn = (value: unknown, range: Range) => Number.isSafeInteger(value) && isNumberIn(value, range);
/** Left out or null, as optionalReading allows. */
const isMissing = (value: unknown) => value === undefined || value === null;
const isOptionalReading = (value: unknown, range: Range) => isMissing(value) || isNumberIn(value, range);

function isTemperatures(value: unknown, count: number): boolean {
  if (isMissing(value)) return true;
  if (!Array.isArray(value) || value.length !== count) return false;
  for (let index = 0; index < count; index += 1) {
    if (value[index] !== null && !isNumberIn(value[index], TEMPERATURE)) return false;
  }
  return true;
}

/**
 * Whether `input` is a message the schema accepts as it is, of the shape nearly every message has
 * (no gps, no wifi): checked by hand from the same ranges, five times as fast as the schema, whose
 * parse was a sixteenth of the server's CPU per reading under full load and copied each message.
 * False leaves the message to the schema, which then accepts it or names what is wrong;
 * protocol.test.ts holds the two to the same answers over random messages.
 */
function isCommonMessage(input: unknown): input is DeviceMessage {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return false;
  const message = input as Record<string, unknown>;
  for (const key in message) if (!COMMON_KEYS.has(key)) return false;
  return (
    isIntegerIn(message.seq, SEQ) &&
    isIntegerIn(message.ts, TS) &&
    (message.counter === undefined || isIntegerIn(message.counter, COUNTER)) &&
    isOptionalReading(message.cycle_time, SECONDS) &&
    isOptionalReading(message.open_time, SECONDS) &&
    isOptionalReading(message.close_time, SECONDS) &&
    isTemperatures(message.mold_temp, MOLD_TEMP_CHANNELS) &&
    isTemperatures(message.hrs_temp, HOT_RUNNER_CHANNELS) &&
    isOptionalReading(message.current, CURRENT) &&
    isOptionalReading(message.battery, BATTERY) &&
    (message.event === undefined || (DEVICE_EVENTS as readonly unknown[]).includes(message.event))
  );
}

export const telemetryTopic = (deviceNo: string) => `devices/${deviceNo}/telemetry`;
/** The serial number in a telemetry topic, or undefined for any other topic. */
export const deviceNoOfTopic = (topic: string): string | undefined => /^devices\/([^/]+)\/telemetry$/.exec(topic)?.[1];
/** Serial numbers: letters, digits, - and _, as they may stand in an MQTT topic and a username. */
export const DEVICE_NO_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;
