import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToggleGroup } from './ToggleGroup';

afterEach(cleanup);

const OPTIONS = [
  { value: 'C', label: '°C' },
  { value: 'F', label: '°F' },
  { value: 'K', label: 'K' },
] as const;

function renderGroup(value: 'C' | 'F' | 'K' | null, onChange = vi.fn(), disabled = false) {
  render(<ToggleGroup value={value} options={OPTIONS} onChange={onChange} label="Unit" disabled={disabled} />);
  return onChange;
}

describe('ToggleGroup', () => {
  it('is a named radio group with the value checked and the only tab stop', () => {
    renderGroup('F');
    expect(screen.getByRole('radiogroup', { name: 'Unit' })).toBeTruthy();
    const radios = screen.getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-checked'))).toEqual(['false', 'true', 'false']);
    expect(radios.map((radio) => radio.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('with nothing chosen yet, checks none and lets the first take the focus', () => {
    renderGroup(null);
    const radios = screen.getAllByRole('radio');
    expect(radios.every((radio) => radio.getAttribute('aria-checked') === 'false')).toBe(true);
    expect(radios[0]!.tabIndex).toBe(0);
  });

  it('reports a click on another option, not one on the chosen', () => {
    const onChange = renderGroup('C');
    fireEvent.click(screen.getByRole('radio', { name: '°C' }));
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('radio', { name: 'K' }));
    expect(onChange).toHaveBeenCalledWith('K');
  });

  it('moves the choice and the focus with the arrow keys, round the ends', () => {
    const onChange = renderGroup('C');
    const [celsius, , kelvin] = screen.getAllByRole('radio');
    fireEvent.keyDown(celsius!, { key: 'ArrowLeft' });
    expect(onChange).toHaveBeenLastCalledWith('K');
    expect(document.activeElement).toBe(kelvin);
    fireEvent.keyDown(celsius!, { key: 'ArrowRight' });
    expect(onChange).toHaveBeenLastCalledWith('F');
  });

  it('changes nothing while disabled', () => {
    const onChange = renderGroup('C', vi.fn(), true);
    fireEvent.click(screen.getByRole('radio', { name: 'K' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('radiogroup').getAttribute('aria-disabled')).toBe('true');
  });
});
