import type { LatLng } from '../location/gcj02.js';

/**
 * How a simulated mould runs: what the demo seeds next to each demo mould's settings, and what the
 * simulator plays its device by.
 */
export interface DeviceProfile {
  /** Target cycle time, s. */
  cycleTime: number;
  /** Set values the temperatures settle at, °C. */
  moldSetpoints: number[];
  hotRunnerSetpoints: number[];
  /** Current drawn while running, A. */
  current: number;
  /** Where the mould stands. */
  position: { lat: number; lng: number };
  /** Seconds between heartbeats while not cycling. */
  heartbeatInterval: number;
  /** A round trip the mould makes again and again, powered off (to a toolmaker and back). */
  trip?: DeviceTrip;
}

/**
 * A round trip from `position`: each round of `periodSeconds` (counted from `startsAt`, epoch s) spends
 * its first half at home, then a tenth travelling to `to`, three tenths there and a tenth back.
 */
export interface DeviceTrip {
  to: LatLng;
  periodSeconds: number;
  startsAt: number;
}
