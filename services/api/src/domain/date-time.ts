// RFC 3339 date-times as the API reads them (decision 0023). The OpenAPI validator's `date-time`
// format accepts what RFC 3339 allows, including instants the service cannot use: year 0000
// (PostgreSQL has no year zero: "date/time field value out of range"), leap seconds (`23:59:60Z`:
// JavaScript's Date is Invalid), and years a JavaScript Date prints as `+010000`. So a date-time
// is parsed here, by arithmetic (never Date's own lenient parser), into an exact instant, and
// refused with a message when it is not one the service can store and compare:
//   - the range is 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999...Z, after applying the offset;
//   - second 60 (a leap second) is refused: POSIX time, PostgreSQL and JavaScript have none;
//   - `T`/`t` or a space between date and time, `Z`/`z` or an offset `+hh:mm` / `-hh:mm`
//     (also `+hhmm` and `+hh`, which the format validator lets through);
//   - fraction digits are kept exactly (rows are stored to the millisecond, so comparisons round
//     the bound the right way: see toDate).
export const dateTimeMinText = '0001-01-01T00:00:00Z';
export const dateTimeMaxText = '9999-12-31T23:59:59.999Z';

/** An exact instant: whole seconds since the Unix epoch, and the decimal digits after the second. */
export type Instant = { epochSeconds: number; fraction: string };

// The offset may also be written `+hhmm` or `+hh`, as the OpenAPI validator's date-time format
// (ajv-formats) accepts and Python's `%z` (the generated Python client's query form) writes.
const rfc3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:[Zz]|([+-])(\d{2})(?::?(\d{2}))?)$/;

/** Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's days_from_civil). */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const epochSecondsMin = daysFromCivil(1, 1, 1) * 86_400;
const epochSecondsMax = daysFromCivil(9999, 12, 31) * 86_400 + 86_399;

/** The instant `text` names, or why it is not one the API accepts. */
export function parseDateTime(text: string): { ok: true; instant: Instant } | { ok: false; message: string } {
  const m = rfc3339.exec(text);
  const shape = `must be an RFC 3339 date-time such as 2026-11-23T10:00:00Z`;
  if (!m) return { ok: false, message: shape };
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offsetHours = m[9] === undefined ? 0 : Number(m[9]);
  const offsetMinutes = m[10] === undefined ? 0 : Number(m[10]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || offsetHours > 23 || offsetMinutes > 59) {
    return { ok: false, message: `${shape} (no such date, time or offset)` };
  }
  if (second === 60) return { ok: false, message: 'must not be a leap second (second 60): use 23:59:59.999Z or the next minute' };
  if (second > 59) return { ok: false, message: `${shape} (no such time)` };
  const offsetSeconds = (m[8] === '-' ? -1 : 1) * (offsetHours * 3_600 + offsetMinutes * 60);
  const epochSeconds = daysFromCivil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds;
  if (epochSeconds < epochSecondsMin || epochSeconds > epochSecondsMax) {
    return { ok: false, message: `must be between ${dateTimeMinText} and ${dateTimeMaxText}` };
  }
  return { ok: true, instant: { epochSeconds, fraction: m[7] ?? '' } };
}

/** Negative, zero or positive as `a` is before, equal to or after `b`, exactly. */
export function compareInstants(a: Instant, b: Instant): number {
  if (a.epochSeconds !== b.epochSeconds) return a.epochSeconds - b.epochSeconds;
  const width = Math.max(a.fraction.length, b.fraction.length);
  const fa = a.fraction.padEnd(width, '0');
  const fb = b.fraction.padEnd(width, '0');
  return fa < fb ? -1 : fa > fb ? 1 : 0;
}

/**
 * The instant as a Date (millisecond precision). `floor` drops digits past the millisecond;
 * `ceil` rounds up when any of them is not zero. For millisecond-precision rows, `created_at >=
 * ceil(bound)` and `created_at <= floor(bound)` are exactly `>= bound` and `<= bound`.
 */
export function toDate(instant: Instant, rounding: 'floor' | 'ceil'): Date {
  const milliseconds = Number(instant.fraction.padEnd(3, '0').slice(0, 3));
  const beyond = rounding === 'ceil' && /[1-9]/.test(instant.fraction.slice(3)) ? 1 : 0;
  const epochMs = Math.min(instant.epochSeconds * 1_000 + milliseconds + beyond, epochSecondsMax * 1_000 + 999);
  return new Date(epochMs);
}

/**
 * A date-time text the edge has already accepted (src/http/date-time-fields.ts, query-values.ts)
 * as a Date, rounded as `toDate` says. Never `new Date(text)`: V8's parser is lenient and gives an
 * Invalid Date for a leap second, which broke the database driver (issue 22 item 1). A text the
 * rule refuses here passed the edge unchecked: a wiring bug (500), never a client error.
 */
export function acceptedDate(text: string, rounding: 'floor' | 'ceil'): Date {
  const parsed = parseDateTime(text);
  if (!parsed.ok) throw new Error(`date-time ${JSON.stringify(text)} reached the domain unchecked: ${parsed.message}`);
  return toDate(parsed.instant, rounding);
}
