// A separate OS process submitting transfer batches to the PostgreSQL engine, for the
// multi-process test. Input on stdin: { url, batches } (bigints as strings). Output on stdout:
// the statuses of each batch, as JSON.

import { PostgresEngine, type TransferInput } from '../../src/index.ts';

type WireTransfer = Record<string, string | number>;

let input = '';
for await (const chunk of process.stdin) input += chunk;
const { url, batches } = JSON.parse(input) as { url: string; batches: WireTransfer[][] };
const engine = new PostgresEngine({ url, poolConnectionsMax: 4 });
try {
  const decoded: TransferInput[][] = batches.map((batch) => batch.map((t) => ({
    id: BigInt(t.id!), debit_account_id: BigInt(t.debit_account_id!), credit_account_id: BigInt(t.credit_account_id!),
    amount: BigInt(t.amount!), ledger: Number(t.ledger), code: Number(t.code), flags: Number(t.flags ?? 0),
  })));
  const results = await Promise.all(decoded.map((b) => engine.createTransfers(b)));
  process.stdout.write(JSON.stringify(results.map((r) => r.map((x) => x.status))));
} finally {
  await engine.close();
}
