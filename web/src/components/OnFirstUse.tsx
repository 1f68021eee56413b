import {
  Suspense,
  lazy,
  useState,
  type ComponentType,
  type LazyExoticComponent,
  type ReactElement,
  type Ref,
} from 'react';

/** What the loaded part gets: it shows its popup at once and takes the button as the popup's trigger. */
export interface FirstUseProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The header's button, to wrap (an antd Dropdown or Popover child). */
  renderButton(): ReactElement;
}

/** What the plain button spreads onto itself: the first-use handlers until used, then the ref. */
export interface FirstUseTrigger {
  ref?: Ref<HTMLButtonElement>;
  'aria-expanded': boolean;
  onPointerEnter?(): void;
  onFocus?(): void;
  onClick?(): void;
}

/** The part's own props (its component's, less those OnFirstUse gives). */
type OwnProps<Props> = Omit<Props, keyof FirstUseProps>;

export interface FirstUsePart<P extends object> {
  Component: LazyExoticComponent<ComponentType<P & FirstUseProps>>;
  /** Starts loading before the click (pointer or focus on the button); a failed load is tried again. */
  preload(): void;
}

/** A part (a dropdown, a popover) that loads on first use; make it once, at module level. */
export function firstUsePart<Props extends FirstUseProps>(
  load: () => Promise<ComponentType<Props>>,
): FirstUsePart<OwnProps<Props>> {
  let loading: Promise<ComponentType<Props>> | undefined;
  const start = () => (loading ??= load());
  return {
    // Props is its own props and FirstUseProps, which TypeScript cannot see through Omit.
    Component: lazy(() =>
      start().then((component) => ({ default: component as ComponentType<OwnProps<Props> & FirstUseProps> })),
    ),
    preload: () => {
      start().catch(() => {
        loading = undefined;
      });
    },
  };
}

/**
 * The clicked button is replaced, by the one shown while the part loads and then by the part's: the
 * focus follows to each, once (a popup may hand its trigger a new ref on each render).
 */
function focusEachNewButton() {
  let focused: HTMLButtonElement | null = null;
  return (button: HTMLButtonElement | null) => {
    if (!button || button === focused) return;
    focused = button;
    button.focus({ preventScroll: true });
  };
}

interface OnFirstUseProps<P extends object> {
  part: FirstUsePart<P>;
  /** The plain button, with `trigger` spread onto it. */
  renderButton(trigger: FirstUseTrigger): ReactElement;
  /** The part's own props. */
  partProps: P;
}

/**
 * A header button whose popup (and the antd component behind it) loads on the first click: until
 * then a plain button, which starts the load when the pointer or the focus reaches it. Clicked, the
 * button shows as it was while the part loads; the part then opens at once around it, and the focus
 * stays on the button.
 */
export function OnFirstUse<P extends object>({ part, renderButton, partProps }: OnFirstUseProps<P>) {
  const [used, setUsed] = useState(false);
  const [open, setOpen] = useState(false);
  const [takeFocus] = useState(focusEachNewButton);

  if (!used) {
    return renderButton({
      'aria-expanded': false,
      onPointerEnter: part.preload,
      onFocus: part.preload,
      onClick: () => {
        setUsed(true);
        setOpen(true);
      },
    });
  }
  const { Component } = part;
  return (
    <Suspense fallback={renderButton({ ref: takeFocus, 'aria-expanded': false })}>
      <Component
        {...partProps}
        open={open}
        onOpenChange={setOpen}
        renderButton={() => renderButton({ ref: takeFocus, 'aria-expanded': open })}
      />
    </Suspense>
  );
}
