/** The last logged-in path the user was allowed to see: where the guard sends them back to. */
let lastAppPath: string | undefined;

export function rememberAppPath(path: string): void {
  lastAppPath = path;
}

export function previousAppPath(): string | undefined {
  return lastAppPath;
}
