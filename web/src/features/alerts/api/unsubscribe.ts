import { HEADER_LANGUAGE_CODES, type Language } from '@mouldwatch/shared';

export type UnsubscribeOutcome = { ok: true } | { ok: false; message: string | undefined };

/**
 * The unsubscribe page's call (spec §7): GET of the `api` URL from the page's query, without a
 * session. Only a URL of this origin is called (a crafted link cannot make the page call elsewhere);
 * the page's language travels as `lang` for the answer's message. errorCode −1 carries the message
 * to show.
 */
export async function unsubscribe(apiUrl: string, language: Language): Promise<UnsubscribeOutcome> {
  const url = new URL(apiUrl, window.location.origin);
  if (url.origin !== window.location.origin) return { ok: false, message: undefined };
  if (!url.searchParams.has('lang')) url.searchParams.set('lang', HEADER_LANGUAGE_CODES[language]);
  try {
    const response = await fetch(url, { method: 'GET', credentials: 'omit', headers: { accept: 'application/json' } });
    const body = (await response.json().catch(() => undefined)) as
      { code?: number; msg?: string; errorCode?: number; data?: { errorCode?: number } | null } | undefined;
    const errorCode = body?.errorCode ?? body?.data?.errorCode;
    if (response.ok && body?.code === 200 && errorCode !== -1) return { ok: true };
    return { ok: false, message: errorCode === -1 ? body?.msg : undefined };
  } catch {
    return { ok: false, message: undefined };
  }
}
