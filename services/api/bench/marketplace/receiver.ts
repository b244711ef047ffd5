// The marketplace bench's webhook receiver, a process of its own (forked with an IPC channel, so
// its work is not the service's nor the load generator's): every delivery's signature is checked
// with the SDK's parseWebhookEvent (HMAC-SHA256 over timestamp + "." + raw body, constant-time,
// timestamp window) against the endpoint's signing secret, as a platform's receiver would. A
// delivery that fails verification is answered 400 and counted; an authentic one 200, and reported
// to the parent (event id, type, the resource it is about, its created_at, when it was received),
// in batches every few milliseconds so the channel is not a message per event.
import http from 'node:http';
import { parseWebhookEvent, type WebhookEvent } from '@payagg/sdk';

/** What the parent learns of one verified delivery. */
export type Receipt = {
  id: string;
  type: string;
  /** transaction_id (transaction.*, escrow.*) or payout_id (payout.*). */
  resourceId: string;
  createdAtMs: number;
  receivedAtMs: number;
  /** escrow.* only: the hold, its wallet and amount (what the platform releases and pays out). */
  escrow?: { holdId: string; walletId: string; amount: number };
};

export type ReceiverMessage = { kind: 'listening'; port: number } | { kind: 'receipts'; receipts: Receipt[]; rejected: number };

const flush_every_ms = 5;
let secret: string | null = null;
let batch: Receipt[] = [];
let rejected = 0;

function receiptOf(event: WebhookEvent, receivedAtMs: number): Receipt {
  const data = event.data as Record<string, unknown>;
  const resourceId = String(data.payout_id ?? data.transaction_id ?? data.sub_merchant_id ?? '');
  const receipt: Receipt = { id: event.id, type: event.type, resourceId, createdAtMs: Date.parse(event.created_at), receivedAtMs };
  if (event.type.startsWith('escrow.')) {
    receipt.escrow = { holdId: String(data.escrow_hold_id), walletId: String(data.wallet_id), amount: Number(data.amount) };
  }
  return receipt;
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const receivedAtMs = Date.now();
    try {
      if (!secret) throw new Error('no secret yet');
      const event = parseWebhookEvent({ rawBody: Buffer.concat(chunks), headers: req.headers as Record<string, string>, secret });
      batch.push(receiptOf(event, receivedAtMs));
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    } catch {
      rejected += 1;
      res.writeHead(400, { 'content-type': 'text/plain' }).end('signature');
    }
  });
});
server.keepAliveTimeout = 65_000;

setInterval(() => {
  if (batch.length === 0 && rejected === 0) return;
  const message: ReceiverMessage = { kind: 'receipts', receipts: batch, rejected };
  batch = [];
  rejected = 0;
  process.send!(message);
}, flush_every_ms).unref();

process.on('message', (message: { secret?: string }) => {
  if (message.secret) secret = message.secret;
});
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send!({ kind: 'listening', port: typeof address === 'object' && address ? address.port : 0 } satisfies ReceiverMessage);
});
