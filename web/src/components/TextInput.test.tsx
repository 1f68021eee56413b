import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextInput } from './TextInput';

afterEach(cleanup);

describe('TextInput', () => {
  it('hides a password until its button shows it, the button saying what it does', () => {
    render(
      <TextInput value="secret" onChange={() => {}} aria-label="Password" password={{ show: 'Show', hide: 'Hide' }} />,
    );
    const input = screen.getByLabelText<HTMLInputElement>('Password');
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(input.type).toBe('password');
  });

  it('offers to clear only while there is text, leaving the focus in the field', () => {
    const clear = vi.fn();
    const props = { onChange: () => {}, onClear: { label: 'Clear', clear }, 'aria-label': 'Search' };
    const { rerender } = render(<TextInput value="" {...props} />);
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    rerender(<TextInput value="DM-1" {...props} />);
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(clear).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(screen.getByLabelText('Search'));
  });

  it('marks an invalid field for assistive technology, and passes its own props to the input', () => {
    render(<TextInput value="" onChange={() => {}} invalid data-testid="field" aria-describedby="why" />);
    const input = screen.getByTestId('field');
    expect(input.tagName).toBe('INPUT');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('why');
  });
});
