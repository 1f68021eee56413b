import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FilterSelect } from './FilterSelect';

beforeAll(async () => {
  // jsdom has no ResizeObserver, which antd's virtual option list watches its size with.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  // antd's select takes a while to load under jsdom: once, before the tests' waits start.
  await import('./FilterSelectPart');
});
afterEach(cleanup);

const COMPANIES = [
  { value: 1, label: 'Shenzhen Precision' },
  { value: 2, label: 'São Paulo Moldes' },
];

function renderFilter(value: number | undefined, onChange = vi.fn()) {
  render(
    <FilterSelect
      value={value}
      options={COMPANIES}
      placeholder="Company"
      onChange={onChange}
      data-testid="filter-company"
    />,
  );
  return onChange;
}

describe('FilterSelect', () => {
  it('is a plain button until used, with the placeholder or the choice', () => {
    renderFilter(undefined);
    expect(screen.getByTestId('filter-company').tagName).toBe('BUTTON');
    expect(screen.getByTestId('filter-company').textContent).toBe('Company');
    cleanup();
    renderFilter(2);
    expect(screen.getByTestId('filter-company').textContent).toBe('São Paulo Moldes');
  });

  it('opens the select on the first click, and reports the option chosen', async () => {
    const onChange = renderFilter(undefined);
    fireEvent.click(screen.getByTestId('filter-company'));
    const option = await screen.findByText('São Paulo Moldes', { selector: '.ant-select-item-option-content' });
    fireEvent.click(option);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(2, expect.anything()));
  });
});
