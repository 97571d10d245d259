/**
 * A bank's operating hours, read from the catalogue's free-text `operationalTime`.
 *
 * The text is one or more windows separated by `;`, each `DAYS[,] HH:MM to HH:MM [ZONE]`:
 * DAYS is a day (`MON`, `Monday`) or a range (`MON to FRI`, `MON-FRI`, which may wrap:
 * `FRI to MON`); the times may also be joined by `-`; `24:00` closes at the end of the day.
 * The zone follows the last window (earlier windows may repeat it, not name another).
 *
 * Zones are civil time, daylight saving included: the abbreviations catalogues use name the
 * region whose winter time they are (GMT -> Europe/London, CET -> Europe/Berlin, EET ->
 * Europe/Helsinki), UTC / Z is UTC, and any IANA zone name (Europe/Warsaw) is taken as is.
 * A text that does not read this way (or a window that closes before it opens) gives null.
 */
export interface OperatingWindow {
  /** Days of the week, 0 = Sunday ... 6 = Saturday. */
  readonly days: readonly number[];
  /** Minutes after midnight, local time. */
  readonly opensAt: number;
  /** Minutes after midnight, local time; 1440 for 24:00. Always after opensAt. */
  readonly closesAt: number;
}

export interface OperatingHours {
  /** IANA time zone the windows are in. */
  readonly zone: string;
  readonly windows: readonly OperatingWindow[];
}

/** When the bank next opens: its local date and the instant, as ISO 8601 with the zone's offset then. */
export interface BankOpening {
  /** YYYY-MM-DD in the bank's zone. */
  readonly date: string;
  /** YYYY-MM-DDTHH:MM:00±HH:MM. */
  readonly at: string;
}

const ZONE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  UTC: 'UTC',
  Z: 'UTC',
  GMT: 'Europe/London',
  BST: 'Europe/London',
  WET: 'Europe/Lisbon',
  CET: 'Europe/Berlin',
  CEST: 'Europe/Berlin',
  EET: 'Europe/Helsinki',
  EEST: 'Europe/Helsinki',
};

const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
const FULL_DAY_NAMES = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'] as const;
const MINUTES_PER_DAY = 1440;
const MS_PER_MINUTE = 60_000;

const DAY = '([A-Za-z]{3,9})';
const TIME = '(\\d{1,2}):(\\d{2})';
const TO = '\\s*(?:to|-|–)\\s*';
const WINDOW = new RegExp(`^${DAY}(?:${TO}${DAY})?\\s*,?\\s*${TIME}${TO}${TIME}(?:\\s+(\\S+))?$`, 'i');

function dayOf(text: string): number | undefined {
  const upper = text.toUpperCase();
  const short = DAY_NAMES.indexOf(upper as (typeof DAY_NAMES)[number]);
  if (short >= 0) return short;
  const full = FULL_DAY_NAMES.indexOf(upper as (typeof FULL_DAY_NAMES)[number]);
  return full >= 0 ? full : undefined;
}

function minutesOf(hours: string, minutes: string): number | undefined {
  const h = Number(hours);
  const m = Number(minutes);
  if (m > 59 || h > 24 || (h === 24 && m !== 0)) return undefined;
  return h * 60 + m;
}

function zoneOf(text: string): string | undefined {
  const zone = ZONE_ABBREVIATIONS[text.toUpperCase()] ?? text;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return undefined;
  }
}

function daysBetween(first: number, last: number): number[] {
  const days = [first];
  for (let day = first; day !== last;) {
    day = (day + 1) % 7;
    days.push(day);
  }
  return days;
}

/** The hours `operationalTime` describes, or null when the text does not read as hours (see above). */
export function parseOperatingHours(text: string | null | undefined): OperatingHours | null {
  if (text === null || text === undefined) return null;
  const parts = text
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return null;
  const windows: OperatingWindow[] = [];
  const zones: (string | undefined)[] = [];
  for (const part of parts) {
    const match = WINDOW.exec(part);
    if (match === null) return null;
    const [, firstDay = '', lastDay, openH = '', openM = '', closeH = '', closeM = '', zoneText] = match;
    const first = dayOf(firstDay);
    const last = lastDay === undefined ? first : dayOf(lastDay);
    const opensAt = minutesOf(openH, openM);
    const closesAt = minutesOf(closeH, closeM);
    if (first === undefined || last === undefined || opensAt === undefined || closesAt === undefined) return null;
    if (opensAt >= closesAt || opensAt >= MINUTES_PER_DAY) return null;
    let zone: string | undefined;
    if (zoneText !== undefined) {
      zone = zoneOf(zoneText);
      if (zone === undefined) return null;
    }
    windows.push({ days: daysBetween(first, last), opensAt, closesAt });
    zones.push(zone);
  }
  const named = zones.filter((zone): zone is string => zone !== undefined);
  const zone = named[0];
  if (zone === undefined || named.some((other) => other !== zone) || zones[zones.length - 1] === undefined) return null;
  return { zone, windows };
}

/** The civil date, weekday and minute of `instant` in `zone`. */
interface LocalTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly weekday: number;
  readonly minute: number;
}

function localTimeOf(zone: string, instant: Date): LocalTime {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((candidate) => candidate.type === type)?.value ?? Number.NaN);
  const year = part('year');
  const month = part('month');
  const day = part('day');
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    minute: (part('hour') % 24) * 60 + part('minute'),
  };
}

/** How far `zone` is ahead of UTC at `instant`, in minutes (whole minutes: seconds are ignored). */
function offsetMinutes(zone: string, instant: Date): number {
  const local = localTimeOf(zone, instant);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day) + local.minute * MS_PER_MINUTE;
  const utcMinute = Math.floor(instant.getTime() / MS_PER_MINUTE) * MS_PER_MINUTE;
  return Math.round((asUtc - utcMinute) / MS_PER_MINUTE);
}

/** The instant a local date and minute in `zone` stand for (in a daylight-saving gap: the hour after). */
function instantOf(zone: string, civilDayMs: number, minute: number): Date {
  const localAsUtc = civilDayMs + minute * MS_PER_MINUTE;
  const first = localAsUtc - offsetMinutes(zone, new Date(localAsUtc)) * MS_PER_MINUTE;
  const second = localAsUtc - offsetMinutes(zone, new Date(first)) * MS_PER_MINUTE;
  return new Date(second);
}

const pad = (value: number): string => String(value).padStart(2, '0');

function isoDateOf(civilDayMs: number): string {
  return new Date(civilDayMs).toISOString().slice(0, 10);
}

function isoOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Whether the bank is open at `instant`: a window of its local weekday holds its local time. */
export function isOpenAt(hours: OperatingHours, instant: Date): boolean {
  const local = localTimeOf(hours.zone, instant);
  return hours.windows.some(
    (window) => window.days.includes(local.weekday) && window.opensAt <= local.minute && local.minute < window.closesAt,
  );
}

/**
 * The first moment at or after `instant` the bank is open (`instant` itself when it is open
 * then), with its local date; null when no window has a day.
 */
export function nextOpening(hours: OperatingHours, instant: Date): BankOpening | null {
  const local = localTimeOf(hours.zone, instant);
  const today = Date.UTC(local.year, local.month - 1, local.day);
  for (let ahead = 0; ahead <= 7; ahead += 1) {
    const civilDay = today + ahead * MINUTES_PER_DAY * MS_PER_MINUTE;
    const weekday = (local.weekday + ahead) % 7;
    const from = ahead === 0 ? local.minute : 0;
    const opens = hours.windows
      .filter((window) => window.days.includes(weekday) && window.closesAt > from)
      .map((window) => Math.max(window.opensAt, from));
    if (opens.length === 0) continue;
    const minute = Math.min(...opens);
    const at = instantOf(hours.zone, civilDay, minute);
    const atLocal = localTimeOf(hours.zone, at);
    const date = isoDateOf(Date.UTC(atLocal.year, atLocal.month - 1, atLocal.day));
    return {
      date,
      at: `${date}T${pad(Math.floor(atLocal.minute / 60))}:${pad(atLocal.minute % 60)}:00${isoOffset(offsetMinutes(hours.zone, at))}`,
    };
  }
  return null;
}

/** The local date (YYYY-MM-DD) the bank next opens on, at or after `instant`; null when it never opens. */
export function nextOpeningDate(hours: OperatingHours, instant: Date): string | null {
  return nextOpening(hours, instant)?.date ?? null;
}
