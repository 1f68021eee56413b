import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OnFirstUse, firstUsePart, type FirstUseProps } from './OnFirstUse';

afterEach(cleanup);

/** A stand-in for an antd popup: shows the button and, while open, its panel. */
function Popup({ open, onOpenChange, renderButton, text }: FirstUseProps & { text: string }) {
  return (
    <div>
      {renderButton()}
      {open ? (
        <div role="dialog">
          {text}
          <button type="button" onClick={() => onOpenChange(false)}>
            close
          </button>
        </div>
      ) : null}
    </div>
  );
}

function setup() {
  const load = vi.fn(() => Promise.resolve(Popup));
  const part = firstUsePart(load);
  render(
    <OnFirstUse
      part={part}
      partProps={{ text: 'loaded popup' }}
      renderButton={(trigger) => (
        <button type="button" {...trigger} data-testid="trigger">
          open
        </button>
      )}
    />,
  );
  return { load };
}

describe('OnFirstUse', () => {
  it('renders the plain button and loads nothing until the button is reached', () => {
    const { load } = setup();
    expect(screen.getByTestId('trigger').getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('starts loading when the pointer or the focus reaches the button, once', () => {
    const { load } = setup();
    fireEvent.pointerEnter(screen.getByTestId('trigger'));
    fireEvent.focus(screen.getByTestId('trigger'));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads the part on the first click and opens it at once, the focus on its button', async () => {
    const { load } = setup();
    await act(async () => fireEvent.click(screen.getByTestId('trigger')));
    expect(load).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole('dialog')).textContent).toContain('loaded popup');
    const button = screen.getByTestId('trigger');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(button);

    // From then on the part drives the popup.
    fireEvent.click(screen.getByRole('button', { name: 'close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('trigger').getAttribute('aria-expanded')).toBe('false');
  });

  it('tries a failed preload again on the click', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Popup);
    const part = firstUsePart<FirstUseProps & { text: string }>(load);
    render(
      <OnFirstUse
        part={part}
        partProps={{ text: 'second try' }}
        renderButton={(trigger) => (
          <button type="button" {...trigger} data-testid="trigger">
            open
          </button>
        )}
      />,
    );
    await act(async () => fireEvent.pointerEnter(screen.getByTestId('trigger')));
    await act(async () => fireEvent.click(screen.getByTestId('trigger')));
    expect((await screen.findByRole('dialog')).textContent).toContain('second try');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
