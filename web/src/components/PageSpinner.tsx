interface PageSpinnerProps {
  label?: string;
  fullScreen?: boolean;
}

/** A centred spinner while a screen or the session loads. */
export function PageSpinner({ label, fullScreen = false }: PageSpinnerProps) {
  return (
    <div className={fullScreen ? 'mw-spinner mw-spinner-full' : 'mw-spinner'} role="status" aria-live="polite">
      <span className="mw-spin" />
      {label ? <div className="mw-spinner-label">{label}</div> : null}
    </div>
  );
}
