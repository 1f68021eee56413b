import { describe, expect, it } from 'vitest';
import { MOLD_STATES, TimeStateStatus } from './mold-state.js';
import { STATE_COLOURS, TIME_STATE_COLOURS, stateColour, timeStateColour } from './state-colours.js';

describe('stateColour', () => {
  it('draws run green, stby and idle yellow, alarm orange, stop grey, off light grey', () => {
    expect(stateColour('run')).toBe('#52c41a');
    expect(stateColour('stby')).toBe('#faad14');
    expect(stateColour('idle')).toBe(stateColour('stby'));
    expect(stateColour('alarm')).toBe('#fa8c16');
    expect(stateColour('stop')).toBe('#8c8c8c');
    expect(stateColour('off')).toBe('#d9d9d9');
  });

  it('has a colour for every state, distinct but for idle and stby', () => {
    expect(Object.keys(STATE_COLOURS).sort()).toEqual([...MOLD_STATES].sort());
    expect(new Set(Object.values(STATE_COLOURS)).size).toBe(MOLD_STATES.length - 1);
  });
});

describe('timeStateColour', () => {
  it('draws statuses 1 … 5 like the states they stand for', () => {
    expect(timeStateColour(1)).toBe('#52c41a');
    expect(timeStateColour(2)).toBe('#faad14');
    expect(timeStateColour(3)).toBe('#fa8c16');
    expect(timeStateColour(4)).toBe('#8c8c8c');
    expect(timeStateColour(5)).toBe('#d9d9d9');
    expect(timeStateColour(TimeStateStatus.idle)).toBe(stateColour('idle'));
    expect(Object.keys(TIME_STATE_COLOURS)).toEqual(['1', '2', '3', '4', '5']);
  });
});
