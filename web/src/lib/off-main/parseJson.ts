/** A body as JSON; an empty or malformed body is no value (the caller tells a failure by its status). */
export function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
