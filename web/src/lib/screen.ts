/** What the console gives every screen it routes to (app/screens.ts maps paths to screens). */
export interface ScreenProps {
  /** The screen's title in the interface language. */
  title: string;
}
