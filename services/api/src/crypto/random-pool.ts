// Random bytes for the request path, drawn from a pool refilled 4 KiB at a time.
// crypto.randomBytes asks OpenSSL for every call; for the few bytes of a GCM nonce or a provider
// reference, that call, not the bytes, is the cost. Node's own randomUUID pools the same way.
// Decision 0634 (removed by 0630, restored on CPU per collection): a V8 profile of the service at
// 300 collections/s without it spent 600 ms in randomFillSync/randomBytes over 7,200 requests
// (about 80 us each: the idempotency record's and the stored response's seals, the provider
// reference); `make bench-cost`, same run, with 0634's three pieces: Node CPU per collection
// 2,567-2,677 us against 2,737-2,933 without them. Every byte is handed out once: a nonce is never reused. The pool holds bytes not
// yet used, no more secret than the CSPRNG state itself.
import { randomFillSync } from 'node:crypto';

const poolBytes = 4096;
const pool = Buffer.alloc(poolBytes);
let offset = poolBytes;

/** `size` fresh CSPRNG bytes, in a buffer of their own. */
export function pooledRandomBytes(size: number): Buffer {
  if (size > poolBytes) return randomFillSync(Buffer.alloc(size));
  if (offset + size > poolBytes) {
    randomFillSync(pool);
    offset = 0;
  }
  const out = Buffer.from(pool.subarray(offset, offset + size));
  // Drawn bytes do not stay behind in the pool.
  pool.fill(0, offset, offset + size);
  offset += size;
  return out;
}
