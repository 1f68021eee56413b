import type { Language } from '../i18n/languages.js';

export interface TimeZoneOption {
  id: number;
  /** e.g. "(UTC+05:30) New Delhi", in the requested language. */
  label: string;
  /** Offset from UTC in hours (5.5 for +5:30). */
  value: number;
  city: string;
  /** IANA zone name; day buckets and displayed times follow it, daylight saving included. */
  zone: string;
}

type CityNames = [en: string, zh: string, kor: string, por: string];

/** UTC−12 … UTC+14, including +5:30, each with a representative zone and its city in four languages. */
const ZONES: ReadonlyArray<[offset: number, zone: string, city: CityNames]> = [
  [-12, 'Etc/GMT+12', ['Baker Island', '贝克岛', '베이커섬', 'Ilha Baker']],
  [-11, 'Pacific/Pago_Pago', ['Pago Pago', '帕果帕果', '파고파고', 'Pago Pago']],
  [-10, 'Pacific/Honolulu', ['Honolulu', '檀香山', '호놀룰루', 'Honolulu']],
  [-9, 'America/Anchorage', ['Anchorage', '安克雷奇', '앵커리지', 'Anchorage']],
  [-8, 'America/Los_Angeles', ['Los Angeles', '洛杉矶', '로스앤젤레스', 'Los Angeles']],
  [-7, 'America/Denver', ['Denver', '丹佛', '덴버', 'Denver']],
  [-6, 'America/Mexico_City', ['Mexico City', '墨西哥城', '멕시코시티', 'Cidade do México']],
  [-5, 'America/New_York', ['New York', '纽约', '뉴욕', 'Nova York']],
  [-4, 'America/Caracas', ['Caracas', '加拉加斯', '카라카스', 'Caracas']],
  [-3, 'America/Sao_Paulo', ['São Paulo', '圣保罗', '상파울루', 'São Paulo']],
  [-2, 'America/Noronha', ['Fernando de Noronha', '费尔南多-迪诺罗尼亚', '페르난두지노로냐', 'Fernando de Noronha']],
  [-1, 'Atlantic/Azores', ['Azores', '亚速尔群岛', '아조레스', 'Açores']],
  [0, 'Europe/London', ['London', '伦敦', '런던', 'Londres']],
  [1, 'Europe/Berlin', ['Berlin', '柏林', '베를린', 'Berlim']],
  [2, 'Africa/Cairo', ['Cairo', '开罗', '카이로', 'Cairo']],
  [3, 'Europe/Moscow', ['Moscow', '莫斯科', '모스크바', 'Moscou']],
  [4, 'Asia/Dubai', ['Dubai', '迪拜', '두바이', 'Dubai']],
  [5, 'Asia/Karachi', ['Karachi', '卡拉奇', '카라치', 'Karachi']],
  [5.5, 'Asia/Kolkata', ['New Delhi', '新德里', '뉴델리', 'Nova Délhi']],
  [6, 'Asia/Dhaka', ['Dhaka', '达卡', '다카', 'Daca']],
  [7, 'Asia/Bangkok', ['Bangkok', '曼谷', '방콕', 'Bangkok']],
  [8, 'Asia/Shanghai', ['Beijing', '北京', '베이징', 'Pequim']],
  [9, 'Asia/Seoul', ['Seoul', '首尔', '서울', 'Seul']],
  [10, 'Australia/Sydney', ['Sydney', '悉尼', '시드니', 'Sydney']],
  [11, 'Pacific/Noumea', ['Nouméa', '努美阿', '누메아', 'Nouméa']],
  [12, 'Pacific/Auckland', ['Auckland', '奥克兰', '오클랜드', 'Auckland']],
  [13, 'Pacific/Tongatapu', ["Nuku'alofa", '努库阿洛法', '누쿠알로파', "Nuku'alofa"]],
  [14, 'Pacific/Kiritimati', ['Kiritimati', '基里蒂马蒂', '키리티마티', 'Kiritimati']],
];

const CITY_INDEX: Record<Language, number> = { en: 0, zh: 1, kor: 2, por: 3 };

/** "+05:30" for 5.5, "-12:00" for -12. */
export function formatUtcOffset(hours: number): string {
  const sign = hours < 0 ? '-' : '+';
  const minutes = Math.round(Math.abs(hours) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${sign}${hh}:${mm}`;
}

export function timeZoneOptions(language: Language): TimeZoneOption[] {
  return ZONES.map(([value, zone, cities], id) => {
    const city = cities[CITY_INDEX[language]] ?? cities[0];
    return { id, value, zone, city, label: `(UTC${formatUtcOffset(value)}) ${city}` };
  });
}

/** Other cities on each zone's offset, so a search for any of them finds the zone (English names). */
const OTHER_CITIES: Readonly<Record<string, readonly string[]>> = {
  'America/Los_Angeles': ['San Francisco', 'Seattle', 'Vancouver', 'Tijuana'],
  'America/Denver': ['Phoenix', 'Calgary'],
  'America/Mexico_City': ['Chicago', 'Monterrey', 'Guadalajara', 'Dallas', 'Houston'],
  'America/New_York': ['Toronto', 'Detroit', 'Atlanta', 'Bogotá', 'Lima'],
  'America/Caracas': ['Santiago', 'Manaus', 'Halifax', 'La Paz'],
  'America/Sao_Paulo': ['Rio de Janeiro', 'Buenos Aires', 'Curitiba', 'Montevideo', 'Joinville'],
  'Europe/London': ['Lisbon', 'Dublin', 'Casablanca', 'Porto'],
  'Europe/Berlin': ['Paris', 'Madrid', 'Rome', 'Milan', 'Vienna', 'Warsaw', 'Prague', 'Amsterdam', 'Zürich', 'Lagos'],
  'Africa/Cairo': ['Athens', 'Istanbul', 'Johannesburg', 'Bucharest', 'Helsinki', 'Kyiv'],
  'Europe/Moscow': ['Riyadh', 'Nairobi', 'Doha'],
  'Asia/Dubai': ['Abu Dhabi', 'Baku'],
  'Asia/Karachi': ['Tashkent', 'Yekaterinburg'],
  'Asia/Kolkata': ['Mumbai', 'Bangalore', 'Chennai', 'Kolkata', 'Pune'],
  'Asia/Dhaka': ['Almaty'],
  'Asia/Bangkok': ['Ho Chi Minh City', 'Hanoi', 'Jakarta'],
  'Asia/Shanghai': [
    'Shanghai',
    'Shenzhen',
    'Guangzhou',
    'Dongguan',
    'Ningbo',
    'Suzhou',
    'Hong Kong',
    'Taipei',
    'Singapore',
    'Kuala Lumpur',
    'Manila',
    'Perth',
  ],
  'Asia/Seoul': ['Tokyo', 'Osaka', 'Busan'],
  'Australia/Sydney': ['Melbourne', 'Brisbane', 'Guam'],
  'Pacific/Auckland': ['Wellington', 'Fiji'],
};

/** Lower case without accents: "São Paulo" and "sao paulo" read the same. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Whether a time-zone option answers a search: its label (offset and city in the interface
 * language), its zone's cities in every language, or another city on its offset — accents ignored.
 */
export function matchesTimeZoneSearch(option: TimeZoneOption, query: string): boolean {
  const wanted = folded(query.trim());
  if (!wanted) return true;
  const cities = ZONES.find(([, zone]) => zone === option.zone)?.[2] ?? [];
  return [option.label, option.zone, ...cities, ...(OTHER_CITIES[option.zone] ?? [])].some((text) =>
    folded(text).includes(wanted),
  );
}

export const TIME_ZONE_NAMES: ReadonlySet<string> = new Set(ZONES.map(([, zone]) => zone));

/** True for an IANA zone name this runtime knows. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Parses the `Time-Zone` header: an IANA name, or a UTC offset in hours ("8", "+5.5", "-3"). */
export function parseTimeZoneHeader(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^[+-]?\d{1,2}(\.\d+)?$/.test(trimmed)) {
    const hours = Number(trimmed);
    if (hours < -12 || hours > 14) return undefined;
    if (Number.isInteger(hours)) return hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
    const match = ZONES.find(([offset]) => offset === hours);
    return match?.[1];
  }
  return isKnownTimeZone(trimmed) ? trimmed : undefined;
}
