import { moldInfoSchema } from '@mouldwatch/shared';
import type { RunningServer } from '../../server/src/start.js';

/** What a demo mould's device is made to report: the state the mould should be in now. */
export type PlayedState = 'run' | 'stby' | 'idle' | 'stop' | 'off';

export interface PlayedMould {
  id: number;
  name: string;
  mold_number: string;
  device_no: string;
}

let seq = Math.floor(Date.now() / 1000);

/**
 * The demo moulds a user sees with their devices, and a way to have each device report as it
 * would in a given state, through the server's own ingest (validated, stored, applied by the state
 * engine, announced live).
 */
export async function demoMoulds(server: RunningServer, userId: number) {
  const rows = await server.context.db
    .selectFrom('user_mold_grants as g')
    .innerJoin('molds as m', 'm.id', 'g.mold_id')
    .innerJoin('devices as d', 'd.mold_id', 'm.id')
    .select(['m.id', 'm.name', 'm.mold_number', 'm.info', 'd.device_no'])
    .where('g.user_id', '=', userId)
    .orderBy('m.id')
    .execute();

  /** Readings that leave the mould in `state` now: cycles near its target, temperatures near their set values. */
  const play = async (mould: PlayedMould, state: PlayedState, options: { counter?: number; drift?: number } = {}) => {
    const row = rows.find((candidate) => Number(candidate.id) === mould.id);
    const device = await server.services.ingest.deviceByNo(mould.device_no);
    if (!row || !device) throw new Error(`no device for mould ${mould.id}`);
    const info = moldInfoSchema.parse(row.info);
    const now = Math.floor(Date.now() / 1000);
    const reading = (ago: number, event: 'cycle' | 'heartbeat' | 'power_off') => ({
      seq: (seq += 1),
      ts: now - ago,
      event,
      counter: options.counter ?? 40_000,
      cycle_time: Math.round((info.cycle_time ?? 30) * (1 + (options.drift ?? 0)) * 100) / 100,
      mold_temp: [0, 1, 2, 3].map((channel) => info.mold_temp_setting[channel]?.set ?? null),
      hrs_temp: [0, 1, 2, 3, 4, 5].map((channel) => info.hot_temp_setting[channel]?.set ?? null),
      battery: 82,
      gps: { lat: 22.5431, lng: 114.0579 },
    });
    const script = {
      run: [reading(0, 'cycle')],
      stby: [reading(0, 'heartbeat')],
      idle: [reading(400, 'cycle'), reading(0, 'heartbeat')],
      stop: [reading(2000, 'cycle'), reading(0, 'heartbeat')],
      off: [reading(60, 'cycle'), reading(0, 'power_off')],
    }[state];
    await server.services.ingest.ingest(device, script);
    await server.services.state.settled();
  };

  return {
    moulds: rows.map(({ id, name, mold_number, device_no }) => ({ id: Number(id), name, mold_number, device_no })),
    play,
  };
}
