import { describe, expect, it } from 'vitest';
import { MOLD_STATES, STATUS_PALETTE, stateColour } from '@mouldwatch/shared';
import { markerHtml } from './icons';

const fill = (html: string) => /<path d="M12 30[^"]*" fill="([^"]+)"/.exec(html)?.[1];

describe('map markers', () => {
  it('are drawn in the state colour of the home list and the charts', () => {
    for (const state of MOLD_STATES) {
      const kind = state === 'run' ? 'running' : state === 'off' ? 'offline' : 'stopped';
      expect(fill(markerHtml(kind, state, 'gps'))).toBe(stateColour(state));
    }
  });

  it('draw the selected mould blue whatever its state', () => {
    expect(fill(markerHtml('selected', 'alarm', 'wifi'))).toBe('#1677ff');
  });

  it('draw the mark inside a light off pin dark, the others white', () => {
    expect(markerHtml('offline', 'off', 'manual')).toContain(`stroke="${STATUS_PALETTE.grey}"`);
    expect(markerHtml('stopped', 'stop', 'manual')).not.toContain(`stroke="${STATUS_PALETTE.grey}"`);
  });
});
