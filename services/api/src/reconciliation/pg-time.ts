// A timestamptz as PostgreSQL writes it as text with its default DateStyle (ISO):
// `2026-01-02 03:04:05.123456+00`, the offset `+HH`, `+HH:MM` or `+HH:MM:SS` of the session's
// TimeZone. Read into epoch milliseconds (the fraction truncated: a floor, since every part is
// positive) from fixed positions, for the matcher's hot loop (decision 0792): no Date, no regex.
// Anything else (another DateStyle, a year past 9999 or BC, infinity) is an error naming the text.

const zero = 48;

function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let i = from; i < to; i += 1) {
    const d = text.charCodeAt(i) - zero;
    if (d < 0 || d > 9) return Number.NaN;
    value = value * 10 + d;
  }
  return value;
}

export function pgTimeMs(text: string): number {
  if (text.length < 22 || text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':') throw unreadable(text);
  let i = 19;
  let fraction = 0;
  let scale = 100;
  if (text[i] === '.') {
    for (i += 1; i < text.length && text[i] !== '+' && text[i] !== '-'; i += 1) {
      const d = text.charCodeAt(i) - zero;
      if (d < 0 || d > 9) throw unreadable(text);
      fraction += d * scale; // hundreds, tens, units of a millisecond; finer digits add nothing
      scale = scale >= 1 ? scale / 10 : 0;
    }
  }
  const sign = text[i] === '+' ? 1 : text[i] === '-' ? -1 : 0;
  const rest = text.length - i;
  if (sign === 0 || (rest !== 3 && rest !== 6 && rest !== 9)) throw unreadable(text);
  const offsetS = digits(text, i + 1, i + 3) * 3600 + (rest >= 6 ? digits(text, i + 4, i + 6) * 60 : 0) + (rest === 9 ? digits(text, i + 7, i + 9) : 0);
  const year = digits(text, 0, 4);
  let ms = Date.UTC(year, digits(text, 5, 7) - 1, digits(text, 8, 10), digits(text, 11, 13), digits(text, 14, 16), digits(text, 17, 19), Math.floor(fraction));
  if (Number.isNaN(ms) || Number.isNaN(offsetS)) throw unreadable(text);
  if (year < 100) ms = new Date(ms).setUTCFullYear(year); // Date.UTC reads 0-99 as 1900-1999
  return ms - sign * offsetS * 1000;
}

function unreadable(text: string): Error {
  return new Error(`not a timestamptz in PostgreSQL's ISO text: ${JSON.stringify(text)}`);
}
