import { useEffect, useState, type ReactNode } from 'react';

/**
 * Draws `children` once, hidden, while the page is idle. antd makes a component's styles the first
 * time it is drawn, and adding them restyles the whole page: a dialog that draws new components in
 * its first frame makes that frame a long task. A page draws its dialogs' parts here ahead.
 */
export function StylesAhead({ children }: { children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const handle = requestIdleCallback(() => setIdle(true), { timeout: 2_000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return idle ? (
    <div hidden aria-hidden>
      {children}
    </div>
  ) : null;
}
