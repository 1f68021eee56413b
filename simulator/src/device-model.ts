import {
  HOT_RUNNER_CHANNELS,
  MOLD_TEMP_CHANNELS,
  type DeviceMessage,
  type DeviceProfile,
  type LatLng,
} from '@mouldwatch/shared';
import { Random, seedOf } from './random.js';

type Phase = 'heating' | 'running' | 'idle' | 'stopped' | 'off';

const AMBIENT = 22;
/** Share of the gap to the set value a temperature closes per minute while heating. */
const HEAT_RATE_PER_MIN = 0.18;

/** Share of the running current drawn in each phase (heaters on while heating and idle). */
const STANDBY_CURRENT_SHARE: Record<Phase, number> = { heating: 0.6, running: 1, idle: 0.35, stopped: 0, off: 0 };
/**
 * A stop keeps its heaters on, drawing the idle current, this long (the demo moulds' base stop time):
 * nobody knows a pause is a stop until then. Switched off at once, a stop read as idle without
 * energy for half an hour, and its re-heating as a stop with energy (issue 25).
 */
export const HEATERS_KEPT_ON_STOP_S = 1800;

/**
 * After heating up (a start, a stop, a power-off) the first cycles run slower while the mould settles:
 * `slowdown` at the first cycle, nothing after `seconds`. The seeded history slows the first quarter
 * hour of each shift by half of it on average (server/src/seed/demo-history.ts, WARM_UP_SLOWDOWN).
 */
export const WARM_UP = { slowdown: 0.12, seconds: 900 } as const;

/** Chances per step of leaving each phase, and how long the quiet phases last (s). */
const TRANSITIONS = {
  runningToIdle: 0.004,
  runningToStop: 0.0015,
  runningToOff: 0.0004,
  idleSeconds: [200, 900],
  stopSeconds: [1200, 5400],
  offSeconds: [600, 7200],
} as const;

/** Where a trip's round stands at a share of its period: home, out, there, back (`DeviceTrip`). */
const TRIP_LEGS = { out: 0.5, there: 0.6, back: 0.9 } as const;

/**
 * Where the mould is at `clock` (epoch s), and whether it is away from home (on its trip, travelling
 * or at the far end): at home without a trip.
 */
export function tripPosition(profile: DeviceProfile, clock: number): { position: LatLng; away: boolean } {
  const { position: home, trip } = profile;
  if (!trip) return { position: home, away: false };
  const share = (((clock - trip.startsAt) % trip.periodSeconds) + trip.periodSeconds) % trip.periodSeconds;
  const at = share / trip.periodSeconds;
  const between = (progress: number, from: LatLng, to: LatLng) => ({
    lat: from.lat + (to.lat - from.lat) * progress,
    lng: from.lng + (to.lng - from.lng) * progress,
  });
  if (at < TRIP_LEGS.out) return { position: home, away: false };
  if (at < TRIP_LEGS.there) {
    return { position: between((at - TRIP_LEGS.out) / (TRIP_LEGS.there - TRIP_LEGS.out), home, trip.to), away: true };
  }
  if (at < TRIP_LEGS.back) return { position: trip.to, away: true };
  return { position: between((at - TRIP_LEGS.back) / (1 - TRIP_LEGS.back), trip.to, home), away: true };
}

/**
 * One simulated mould device: heats up, cycles around its target with noise and slow drift, now
 * and then idles, stops or powers off, has temperature and cycle-time excursions, drains its
 * battery and recharges while powered; a mould with a trip goes powered off to the trip's end and back,
 * reporting its position on the way. `step()` advances it to its next message.
 */
export class SimulatedDevice {
  readonly #random: Random;
  #phase: Phase = 'heating';
  #phaseUntil = 0;
  #phaseSince = 0;
  #counter: number;
  #drift = 0;
  /** When the mould last began running after heating up (epoch s): its warm-up. */
  #warmSince = Number.NEGATIVE_INFINITY;
  #battery: number;
  #moldTemps: number[];
  #hotRunnerTemps: number[];

  constructor(
    readonly deviceNo: string,
    readonly profile: DeviceProfile,
    /** Epoch seconds of the device's clock. */
    public clock: number,
    options: { counter?: number } = {},
  ) {
    this.#random = new Random(seedOf(deviceNo));
    this.#counter = options.counter ?? Math.floor(this.#random.between(10_000, 500_000));
    this.#battery = this.#random.between(60, 100);
    this.#moldTemps = profile.moldSetpoints.map(() => AMBIENT);
    this.#hotRunnerTemps = profile.hotRunnerSetpoints.map(() => AMBIENT);
  }

  get phase(): Phase {
    return this.#phase;
  }

  /** Advances to the next message: a cycle while running, else a heartbeat (or a power event). */
  step(): DeviceMessage {
    const previous = this.#phase;
    const seconds = this.#phase === 'running' ? this.#nextCycleTime() : this.profile.heartbeatInterval;
    this.clock += Math.max(1, Math.round(seconds));
    this.#advancePhase();
    this.#updateTemperatures(seconds);
    this.#updateBattery(seconds);
    if (previous !== 'off' && this.#phase === 'off') return this.#message({ event: 'power_off' });
    if (previous === 'off' && this.#phase !== 'off') return this.#message({ event: 'power_on' });
    if (this.#phase === 'running') return this.#cycle(seconds);
    return this.#message({ event: 'heartbeat' });
  }

  #nextCycleTime(): number {
    this.#drift = Math.max(-0.03, Math.min(0.03, this.#drift + this.#random.normal(0, 0.0015)));
    const excursion = this.#random.chance(0.01) ? this.#random.between(1.08, 1.4) : 1;
    const noisy = this.#random.normal(this.profile.cycleTime * (1 + this.#drift), this.profile.cycleTime * 0.01);
    const warming = Math.max(0, 1 - (this.clock - this.#warmSince) / WARM_UP.seconds);
    return Math.max(1, noisy * excursion * (1 + WARM_UP.slowdown * warming));
  }

  #advancePhase(): void {
    if (tripPosition(this.profile, this.clock).away) {
      this.#phase = 'off';
      this.#phaseUntil = this.clock;
      return;
    }
    if (this.#phase === 'heating') {
      if (this.#moldTemps.every((temp, index) => temp >= (this.profile.moldSetpoints[index] ?? 0) - 3)) {
        this.#phase = 'running';
        this.#warmSince = this.clock;
      }
      return;
    }
    if (this.#phase === 'running') {
      const roll = this.#random.next();
      if (roll < TRANSITIONS.runningToOff) return this.#enter('off', TRANSITIONS.offSeconds);
      if (roll < TRANSITIONS.runningToOff + TRANSITIONS.runningToStop)
        return this.#enter('stopped', TRANSITIONS.stopSeconds);
      if (roll < TRANSITIONS.runningToOff + TRANSITIONS.runningToStop + TRANSITIONS.runningToIdle) {
        return this.#enter('idle', TRANSITIONS.idleSeconds);
      }
      return;
    }
    if (this.clock >= this.#phaseUntil) this.#phase = this.#phase === 'idle' ? 'running' : 'heating';
  }

  #enter(phase: Phase, [low, high]: readonly [number, number]): void {
    this.#phase = phase;
    this.#phaseSince = this.clock;
    this.#phaseUntil = this.clock + this.#random.between(low, high);
  }

  /** Heaters on: heating, running, idle, and the first HEATERS_KEPT_ON_STOP_S of a stop. */
  #heatersOn(): boolean {
    if (this.#phase === 'stopped') return this.clock - this.#phaseSince < HEATERS_KEPT_ON_STOP_S;
    return this.#phase === 'heating' || this.#phase === 'running' || this.#phase === 'idle';
  }

  /** Share of the running current drawn now: a stop with its heaters on draws as an idle mould. */
  #currentShare(): number {
    if (this.#phase === 'stopped' && this.#heatersOn()) return STANDBY_CURRENT_SHARE.idle;
    return STANDBY_CURRENT_SHARE[this.#phase];
  }

  #updateTemperatures(seconds: number): void {
    const heating = this.#heatersOn();
    const share = 1 - (1 - HEAT_RATE_PER_MIN) ** (seconds / 60);
    const approach = (current: number, setpoint: number) => {
      const target = heating ? setpoint : AMBIENT;
      const excursion = this.#random.chance(0.002) ? this.#random.between(8, 25) : 0;
      return current + (target - current) * share + this.#random.normal(0, 0.3) + excursion;
    };
    this.#moldTemps = this.#moldTemps.map((temp, index) =>
      approach(temp, this.profile.moldSetpoints[index] ?? AMBIENT),
    );
    this.#hotRunnerTemps = this.#hotRunnerTemps.map((temp, index) =>
      approach(temp, this.profile.hotRunnerSetpoints[index] ?? AMBIENT),
    );
  }

  #updateBattery(seconds: number): void {
    const change = this.#phase === 'off' ? -seconds / 3600 : seconds / 7200;
    this.#battery = Math.max(0, Math.min(100, this.#battery + change));
  }

  #cycle(cycleTime: number): DeviceMessage {
    this.#counter += 1;
    const open = cycleTime * this.#random.between(0.12, 0.16);
    return this.#message({
      event: 'cycle',
      cycle_time: round(cycleTime, 2),
      open_time: round(open, 2),
      close_time: round(cycleTime - open, 2),
      current: round(this.profile.current * this.#random.between(0.92, 1.08), 2),
    });
  }

  /**
   * The clock moves on at least a second per message, so the clock itself serves as `seq`: it
   * increases, and a restarted simulator goes on after its earlier readings instead of repeating them.
   */
  #message(extra: Partial<DeviceMessage>): DeviceMessage {
    const jitter = () => this.#random.normal(0, 0.00005);
    const { position } = tripPosition(this.profile, this.clock);
    return {
      seq: this.clock,
      ts: this.clock,
      counter: this.#counter,
      mold_temp: padded(this.#moldTemps, MOLD_TEMP_CHANNELS),
      hrs_temp: padded(this.#hotRunnerTemps, HOT_RUNNER_CHANNELS),
      current: round(this.profile.current * this.#currentShare(), 2),
      battery: round(this.#battery, 0),
      gps: { lat: round(position.lat + jitter(), 6), lng: round(position.lng + jitter(), 6) },
      ...extra,
    };
  }
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function padded(values: number[], length: number): Array<number | null> {
  return Array.from({ length }, (_, index) => (index < values.length ? round(values[index] as number, 1) : null));
}

/** A plausible profile for the n-th simulated mould. */
export function profileFor(deviceNo: string, index: number): DeviceProfile {
  const random = new Random(seedOf(`${deviceNo}:profile`));
  const sites = [
    { lat: 31.2304, lng: 121.4737 },
    { lat: 22.5431, lng: 114.0579 },
    { lat: -23.5505, lng: -46.6333 },
    { lat: 37.4563, lng: 126.7052 },
    { lat: 48.1351, lng: 11.582 },
  ];
  const moldChannels = 2 + (index % 3);
  const hotRunnerChannels = index % 4 === 0 ? 0 : 2 + (index % 5);
  return {
    cycleTime: Math.round(random.between(12, 60) * 10) / 10,
    moldSetpoints: Array.from({ length: moldChannels }, () => Math.round(random.between(40, 90))),
    hotRunnerSetpoints: Array.from({ length: hotRunnerChannels }, () => Math.round(random.between(200, 280))),
    current: Math.round(random.between(6, 30) * 10) / 10,
    position: sites[index % sites.length] as { lat: number; lng: number },
    heartbeatInterval: 60,
  };
}
