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

const seconds = z.number().check(z.gte(0), z.lte(86_400));
const temperature = z.nullable(z.number().check(z.gte(-100), z.lte(1000)));
const temperatures = (count: number) => z.nullable(z.array(temperature).check(z.length(count)));
/** A reading a device may leave out or send as null. */
const optionalReading = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema));

/** One telemetry message of the device protocol (docs/device-protocol.md). */
export const deviceMessageSchema = z.strictObject({
  seq: z.int().check(z.gte(0), z.lte(Number.MAX_SAFE_INTEGER)),
  ts: z.int().check(z.gte(EARLIEST_TS)),
  counter: z.optional(z.int().check(z.gte(0), z.lte(1_000_000_000))),
  cycle_time: optionalReading(seconds),
  open_time: optionalReading(seconds),
  close_time: optionalReading(seconds),
  mold_temp: z.optional(temperatures(MOLD_TEMP_CHANNELS)),
  hrs_temp: z.optional(temperatures(HOT_RUNNER_CHANNELS)),
  current: optionalReading(z.number().check(z.gte(0), z.lte(10_000))),
  battery: optionalReading(z.number().check(z.gte(0), z.lte(100))),
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

/** Validates one message against the protocol and the server clock; the reason names the field. */
export function parseDeviceMessage(input: unknown, nowSeconds: number): ParsedMessage {
  const parsed = deviceMessageSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path.join('.') || 'message';
    return { ok: false, reason: `${field}: ${issue?.message ?? 'invalid'}` };
  }
  if (parsed.data.ts > nowSeconds + MAX_CLOCK_AHEAD_S) {
    return { ok: false, reason: `ts: ${parsed.data.ts} is more than ${MAX_CLOCK_AHEAD_S} s ahead of the server clock` };
  }
  return { ok: true, message: parsed.data };
}

export const telemetryTopic = (deviceNo: string) => `devices/${deviceNo}/telemetry`;
/** The serial number in a telemetry topic, or undefined for any other topic. */
export const deviceNoOfTopic = (topic: string): string | undefined => /^devices\/([^/]+)\/telemetry$/.exec(topic)?.[1];
/** Serial numbers: letters, digits, - and _, as they may stand in an MQTT topic and a username. */
export const DEVICE_NO_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;
