import { z } from 'zod';

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

const seconds = z.number().finite().min(0).max(86_400);
const temperature = z.number().finite().min(-100).max(1000).nullable();
const temperatures = (count: number) => z.array(temperature).length(count).nullable();

/** One telemetry message of the device protocol (docs/device-protocol.md). */
export const deviceMessageSchema = z.strictObject({
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  ts: z.number().int().min(EARLIEST_TS),
  counter: z.number().int().min(0).max(1_000_000_000).optional(),
  cycle_time: seconds.nullable().optional(),
  open_time: seconds.nullable().optional(),
  close_time: seconds.nullable().optional(),
  mold_temp: temperatures(MOLD_TEMP_CHANNELS).optional(),
  hrs_temp: temperatures(HOT_RUNNER_CHANNELS).optional(),
  current: z.number().finite().min(0).max(10_000).nullable().optional(),
  battery: z.number().finite().min(0).max(100).nullable().optional(),
  gps: z
    .strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) })
    .nullable()
    .optional(),
  wifi: z
    .array(
      z.strictObject({
        bssid: z.string().regex(/^([0-9A-Fa-f]{2}:){5}[0-9A-Fa-f]{2}$/),
        rssi: z.number().int().min(-120).max(0),
      }),
    )
    .max(32)
    .nullable()
    .optional(),
  event: z.enum(DEVICE_EVENTS).optional(),
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
