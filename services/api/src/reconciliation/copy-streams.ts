// PostgreSQL COPY in text format, for the two bulk paths of a run (report records in, items
// out): a row per line, tab-separated, `\N` for null, and backslash, tab, newline and carriage
// return escaped (PostgreSQL docs, COPY "Text Format"). Writes wait for the stream to drain, so
// a run holds at most one buffer of rows whatever its size.
import type { Writable } from 'node:stream';

const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

export type CopyValue = string | number | Date | null;

export function copyField(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  if (value instanceof Date) return value.toISOString();
  return /[\\\t\n\r]/.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => escapes[c]!) : value;
}

/** Rows collected into chunks of about `copyChunkBytes` before each write. */
export const copyChunkBytes = 256 * 1024;

export class CopyWriter {
  readonly #stream: Writable;
  #chunk = '';
  #closed: Promise<void>;
  #failure: Error | null = null;

  constructor(stream: Writable) {
    this.#stream = stream;
    this.#closed = new Promise((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('close', resolve);
      stream.on('error', (error: Error) => { this.#failure = error; reject(error); });
    });
    // A failure before close() is awaited must not be an unhandled rejection: close() rethrows it.
    this.#closed.catch(() => undefined);
  }

  /** Adds a row; true when the chunk is full and the caller must `await flush()` before the next. */
  row(values: readonly CopyValue[]): boolean {
    let line = '';
    for (let i = 0; i < values.length; i += 1) line += (i === 0 ? '' : '\t') + copyField(values[i]!);
    this.#chunk += line + '\n';
    return this.#chunk.length >= copyChunkBytes;
  }

  async flush(): Promise<void> {
    if (this.#failure) throw this.#failure;
    if (this.#chunk === '') return;
    const text = this.#chunk;
    this.#chunk = '';
    if (this.#stream.write(text)) return;
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        this.#stream.off('drain', done);
        this.#stream.off('error', done);
        if (error) reject(error);
        else resolve();
      };
      this.#stream.on('drain', done);
      this.#stream.on('error', done);
    });
  }

  async close(): Promise<void> {
    await this.flush();
    this.#stream.end();
    await this.#closed;
    if (this.#failure) throw this.#failure;
  }
}
