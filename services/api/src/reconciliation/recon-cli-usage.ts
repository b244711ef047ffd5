// The usage text and usage error of the CLI's reconciliation commands (recon-cli.ts), apart from
// them so every CLI start does not load the ledger and the parsers: cli.ts imports recon-cli.ts
// only for an `ops-key` or `recon` command.
import { sandboxDiscrepancies } from '../connectors/sandbox/settlement-report.ts';
import { reportFormats } from './settings.ts';

export const reconUsage = `  ops-key create --name NAME [--json]
      Create an operator and its key for the ops API (/ops/v1, Authorization: Bearer opk_...);
      --json prints {"operator_id","api_key"}. The key is shown once.
  ops-key revoke API_KEY
  recon run --provider sandbox|mpesa|paystack --from ISO --to ISO [--file PATH --format FORMAT] [--operator OPERATOR_ID]
      A reconciliation run of [from, to): the provider's own report (sandbox), or a report file of
      any size, streamed (FORMAT: ${reportFormats.join(', ')}). Prints the run.
  recon items RUN_ID [--class CLASS] [--open] [--limit N]
      Items of a run (default: its exceptions), in the run's order.
  recon resolve RUN_ID ITEM_ID --operator OPERATOR_ID --reason TEXT [--correct credit_wallet|debit_wallet --amount N [--wallet WALLET_ID]]
      Accept an exception, or correct it with a ledger transfer against the adjustment account.
  recon sandbox-discrepancy --reference REF --kind ${sandboxDiscrepancies.join('|')} [--amount-delta N] [--currency CUR] [--settles-at ISO] [--amount N]
      Make the sandbox provider's report differ from its traffic (docs/reconciliation.md).
  recon sandbox-report --from ISO --to ISO
      The sandbox provider's report of [from, to) as CSV on stdout.`;

export class ReconUsageError extends Error {
  name = 'ReconUsageError';
}

