// Waiting for the service's outcome worker: a benchmark that measures something after a burst of
// collections waits until none of them is pending, so their settlement does not land in the next
// measurement's window (or, for bench-cost, lands inside its own).
import { setTimeout as sleep } from 'node:timers/promises';
import { signRequest } from '@payagg/sdk';

const poll_ms = 250;
const timeout_ms = 60_000;

export async function waitUntilSettled(origin: string, signer: { apiKey: string; apiSecret: string }): Promise<void> {
  const deadline = Date.now() + timeout_ms;
  while ((await pendingCount(origin, signer)) > 0) {
    if (Date.now() > deadline) throw new Error(`collections still pending after ${timeout_ms / 1000} s`);
    await sleep(poll_ms);
  }
}

/** 1 when the merchant has a pending transaction, else 0 (GET /v1/transactions?status=pending, one row). */
async function pendingCount(origin: string, signer: { apiKey: string; apiSecret: string }): Promise<number> {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await fetch(`${origin}/v1/transactions?status=pending&limit=1`, {
    headers: { 'x-service-key': signer.apiKey, 'x-service-timestamp': timestamp, 'x-service-signature': signRequest({ secret: signer.apiSecret, timestamp }) },
  });
  if (response.status !== 200) throw new Error(`GET /v1/transactions answered ${response.status}`);
  return ((await response.json()) as { data: unknown[] }).data.length;
}
