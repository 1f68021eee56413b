/** The authentication token lives in the cookie `admin-token` (spec §3); the API gets it as a header. */
export const TOKEN_COOKIE = 'admin-token';

function cookieAttributes(): string {
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  return `; Path=/; SameSite=Strict${secure}`;
}

/** Seconds since the epoch at which a JWT expires, when it says so. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

export function getToken(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value || undefined;
    }
  }
  return undefined;
}

export function setToken(token: string): void {
  const exp = tokenExpiry(token);
  const expires = exp ? `; Expires=${new Date(exp * 1000).toUTCString()}` : '';
  document.cookie = `${TOKEN_COOKIE}=${encodeURIComponent(token)}${expires}${cookieAttributes()}`;
}

export function clearToken(): void {
  document.cookie = `${TOKEN_COOKIE}=; Expires=Thu, 01 Jan 1970 00:00:00 GMT${cookieAttributes()}`;
}
