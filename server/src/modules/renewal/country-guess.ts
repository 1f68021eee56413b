import { isIP } from 'node:net';

/**
 * `GET /api/renewal/ip_api/` (docs/decisions.md "Renewal"): which country's bank the user most
 * likely remits from. No address database ships with the server and no external service is
 * reachable from a factory network, so the guess is made offline: the request's address only tells
 * whether it is a private one; the country comes from the user's time zone (the Time-Zone header,
 * which the console sends from the user's setting), else from the region of Accept-Language.
 * Only countries with a receiving bank are suggested; the user confirms or changes it.
 */
export interface CountryGuess {
  ip: string;
  /** ISO 3166-1 alpha-2, or null when nothing suggests one of the known countries. */
  country: string | null;
  source: 'time_zone' | 'language' | 'none';
  private_address: boolean;
}

/** Time zones → country, for the countries the price list knows and their neighbours' zones. */
const ZONE_COUNTRY: Record<string, string> = {
  'Asia/Shanghai': 'CN',
  'Asia/Chongqing': 'CN',
  'Asia/Harbin': 'CN',
  'Asia/Urumqi': 'CN',
  PRC: 'CN',
  'Asia/Seoul': 'KR',
  ROK: 'KR',
  'America/Sao_Paulo': 'BR',
  'America/Fortaleza': 'BR',
  'America/Recife': 'BR',
  'America/Bahia': 'BR',
  'America/Belem': 'BR',
  'America/Manaus': 'BR',
  'America/Cuiaba': 'BR',
  'America/Campo_Grande': 'BR',
  'America/Porto_Velho': 'BR',
  'America/Boa_Vista': 'BR',
  'America/Rio_Branco': 'BR',
  'America/Noronha': 'BR',
  'America/Araguaina': 'BR',
  'America/Maceio': 'BR',
  'America/Santarem': 'BR',
  'America/New_York': 'US',
  'America/Chicago': 'US',
  'America/Denver': 'US',
  'America/Phoenix': 'US',
  'America/Los_Angeles': 'US',
  'America/Anchorage': 'US',
  'America/Detroit': 'US',
  'Pacific/Honolulu': 'US',
  'Europe/Berlin': 'DE',
};

const isPrivate = (ip: string) => {
  const address = ip.replace(/^::ffff:/, '');
  if (isIP(address) === 4) {
    const [a = 0, b = 0] = address.split('.').map(Number);
    return (
      a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  const lower = address.toLowerCase();
  return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80');
};

export function guessCountry(
  request: { ip: string; timeZone: string; acceptLanguage: string | undefined },
  known: ReadonlySet<string>,
): CountryGuess {
  const base = { ip: request.ip, private_address: isPrivate(request.ip) };
  const byZone = ZONE_COUNTRY[request.timeZone];
  if (byZone && known.has(byZone)) return { ...base, country: byZone, source: 'time_zone' };
  for (const part of (request.acceptLanguage ?? '').split(',')) {
    const region = /^[a-z]{2,3}-([a-z]{2})\b/i.exec(part.trim())?.[1]?.toUpperCase();
    if (region && known.has(region)) return { ...base, country: region, source: 'language' };
  }
  return { ...base, country: null, source: 'none' };
}
