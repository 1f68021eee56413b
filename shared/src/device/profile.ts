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
}
