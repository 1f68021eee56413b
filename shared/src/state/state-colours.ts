import { TimeStateStatus, type MoldState, type SlotState } from './mold-state.js';

/**
 * The status colours of the console (Ant Design's palette), named by meaning so that every status
 * display (mould states, time-state bars, cycle time bands) draws the same green, yellow and red.
 */
export const STATUS_PALETTE = {
  green: '#52c41a',
  yellow: '#faad14',
  orange: '#fa8c16',
  red: '#ff4d4f',
  grey: '#8c8c8c',
  lightGrey: '#d9d9d9',
} as const;

/** The colour of each mould state (spec §4); idle is shown like stby. */
export const STATE_COLOURS: Record<MoldState, string> = {
  run: STATUS_PALETTE.green,
  stby: STATUS_PALETTE.yellow,
  idle: STATUS_PALETTE.yellow,
  alarm: STATUS_PALETTE.orange,
  stop: STATUS_PALETTE.grey,
  off: STATUS_PALETTE.lightGrey,
};

/** The colour a mould in `state` is drawn in. */
export const stateColour = (state: MoldState) => STATE_COLOURS[state];

/** A time-state status code, 1 run … 5 off. */
export type TimeStateStatusCode = (typeof TimeStateStatus)[SlotState];

/** The colour of each time-state status (spec §4), the same as the mould state it stands for. */
export const TIME_STATE_COLOURS: Record<TimeStateStatusCode, string> = {
  [TimeStateStatus.run]: STATE_COLOURS.run,
  [TimeStateStatus.idle]: STATE_COLOURS.idle,
  [TimeStateStatus.alarm]: STATE_COLOURS.alarm,
  [TimeStateStatus.stop]: STATE_COLOURS.stop,
  [TimeStateStatus.off]: STATE_COLOURS.off,
};

/** The colour of a time-state status code. */
export const timeStateColour = (status: TimeStateStatusCode) => TIME_STATE_COLOURS[status];
