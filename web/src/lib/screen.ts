/** What the console gives every screen it routes to (app/screens.ts maps paths to screens). */
export interface ScreenProps {
  /** The screen's title in the interface language. */
  title: string;
}

/** The query parameter of the mould facts page (`/molddetail?mold_id=…`): the address names the mould. */
export const MOLD_ID_PARAM = 'mold_id';

/** The mould facts page of a mould, its id in the address so that a reload or a sent link opens it. */
export const mouldFactsPath = (moldId: number) => `/molddetail?${MOLD_ID_PARAM}=${moldId}`;
