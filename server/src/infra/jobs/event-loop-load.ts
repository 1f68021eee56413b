import { performance } from 'node:perf_hooks';

/** How long one measurement lasts: the load answered is that of the last window that ended. */
const WINDOW_MS = 1_000;

/** From this share of the time spent running (not waiting), the process counts as saturated. */
const SATURATED = 0.8;

/** From this many moulds a run, and this many readings a mould, gathering longer while saturated saves much. */
const MANY_MOULDS = 50;
const SEVERAL_READINGS = 2;

/** What a run took in. */
export interface RunSize {
  moulds: number;
  readings: number;
}

/**
 * How busy this process's event loop has been (its utilization over the last second), for work
 * that can choose between answering sooner and costing less. The state and alarm engines pay
 * mostly per mould and run, hardly per reading: gathering longer while the loop is saturated
 * leaves it more time for the readings themselves, and costs nothing in latency when it is not.
 */
export class EventLoopLoad {
  #from = performance.eventLoopUtilization();
  #fromAt = performance.now();
  #utilization = 0;

  /** The share (0–1) of the last window's time the event loop spent running. */
  utilization(): number {
    const now = performance.now();
    if (now - this.#fromAt >= WINDOW_MS) {
      const to = performance.eventLoopUtilization();
      this.#utilization = performance.eventLoopUtilization(to, this.#from).utilization;
      this.#from = to;
      this.#fromAt = now;
    }
    return this.#utilization;
  }

  saturated(): boolean {
    return this.utilization() >= SATURATED;
  }

  /**
   * How long work that costs per mould and run (the engines') lets readings gather: `baseMs`, or
   * `factor` times as long while the loop is saturated and the last run took in many moulds with
   * several readings each. Only then does a longer gather save much: the devices report faster
   * than the runs come, so each mould brings more readings to the same per-mould work. A mould with
   * one reading a run brings no more by waiting (a home list's figures once a second), and a few
   * moulds cost little however fast they report (one device at a thousand readings a second, which
   * on the embedded database, whose work runs on this loop too, saturates a small host).
   */
  gatherMs(baseMs: number, factor: number, lastRun: RunSize): number {
    const amortized = lastRun.moulds >= MANY_MOULDS && lastRun.readings >= SEVERAL_READINGS * lastRun.moulds;
    return amortized && this.saturated() ? factor * baseMs : baseMs;
  }
}

/** The process's one event loop, measured once for all who ask. */
export const eventLoopLoad = new EventLoopLoad();
