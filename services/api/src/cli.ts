// Operator CLI: `./payagg <command>` from the repository root. Uses the same configuration as
// the server (DATABASE_URL, or the embedded cluster in DATA_DIR; MASTER_KEY or DATA_DIR/master.key),
// whether or not the server is running. Exit codes: 0 ok, 1 failure, 2 usage error. The commands
// live in src/cli/, one builder each, found here by their first two words.
import { ConfigError, loadConfig, readMode, type ServiceMode } from './config.ts';
import { resolveMasterKey } from './crypto/master-key.ts';
import { createSecretBox } from './crypto/secret-box.ts';
import { connectDatabase } from './db/index.ts';
import { migrateAll } from './db/schema-steps.ts';
import { ApiKeyInputError } from './accounts/api-keys.ts';
import { checkMasterKey } from './accounts/bootstrap.ts';
import { UserInputError } from './accounts/users.ts';
import { createLogger } from './log.ts';
import { accountCommands } from './cli/account-commands.ts';
import { type Command, type CommandBuilder, parseOptions, UsageError } from './cli/command.ts';
import { marketplaceCommands } from './cli/marketplace-commands.ts';
import { partnerCommands } from './cli/partner-commands.ts';
import { ReconUsageError, reconUsage } from './reconciliation/recon-cli-usage.ts';
import { verifyLedgerCommand } from './ledger-verification/verify-command.ts';

const usage = `Usage: ./payagg <command>

  merchants create --name NAME [--scopes full] [--mode sandbox|live] [--signature-version 1|2] [--json]
      Create a merchant and its first API key; --json prints {"merchant_id","api_key","api_secret","mode"}.
      --mode is the account's, for good: a sandbox and a live merchant are separate worlds (data,
      money, operations). Default: sandbox, or live with PAYAGG_ENV=production, which has no
      sandbox and refuses --mode sandbox. This is how a production server gets its first merchant.
  merchants set-status MERCHANT_ID active|suspended|frozen
  merchants fx-margin MERCHANT_ID --bps N | --default
      The merchant's FX margin in basis points (0 to 2000), applied to every rate it is quoted
      and locks (GET /fx/rates, POST /fx/rate-locks); --default clears it back to
      FX_MARGIN_BPS_DEFAULT (150). Running servers apply it to the next quote.
  keys create --merchant MERCHANT_ID [--scopes read,write,full,payout_only] [--mode sandbox|live]
              [--expires-at ISO_DATE] [--ip-allow IP_OR_CIDR,...] [--user USER_ID]
              [--signature-version 1|2] [--json]
      A key has its merchant's mode (--mode, if given, must be it).
  keys set-signature-version API_KEY_OR_KEY_ID 1|2
      The lowest request-signature version the key accepts. 1 (the default): the seed's scheme
      and version 2; 2: version 2 only (X-Service-Signature-Version: 2, which also signs the
      method, path, query and Idempotency-Key). Running servers apply it within AUTH_CACHE_TTL_MS.
  keys revoke API_KEY_OR_KEY_ID
  users create --merchant MERCHANT_ID --email EMAIL --role admin|finance|read_only|compliance [--disabled]
  sub-merchants suspend SUB_MERCHANT_ID [--reason TEXT] [--operator NAME]
  sub-merchants reactivate SUB_MERCHANT_ID [--reason TEXT] [--operator NAME]
      Status of any merchant's sub-merchant; recorded in its status history as operator:NAME.
  kyc list [--status needs_review|pending|verified|rejected] [--merchant MERCHANT_ID] [--limit N]
      KYC cases of one status (default needs_review: the review queue), oldest first.
  kyc show SUB_MERCHANT_ID
  kyc settle SUB_MERCHANT_ID verified|rejected [--reason TEXT] [--operator NAME]
      Settles a case in needs_review (writes kyc.verified / kyc.rejected); --reason is required to reject.
  partners create --name NAME [--mode sandbox|live] [--json]
      Create a partner of the partner wallet API (/api/v1/partner) and its first API key;
      --json prints {"partner_id","api_key","mode"}. The key is sent as X-API-Key. --mode as for
      merchants: only a sandbox partner may make deposits; default sandbox, or live with
      PAYAGG_ENV=production (which refuses sandbox).
  partners keys create --partner PARTNER_ID [--json]
      The key has its partner's mode.
  partners keys revoke API_KEY
      Running servers refuse a revoked key within AUTH_CACHE_TTL_MS.
  db migrate
  verify-ledger [--json]
      Verifies every ledger invariant (docs/operations.md, Ledger verification); prints each violation (--json: as JSON); exits 1 if any.
${reconUsage}

The API secret (and a partner's API key) is is printed once, at creation; it is stored encrypted and cannot be shown again.
Configuration: DATABASE_URL (else the embedded PostgreSQL in DATA_DIR, default ./.data), MASTER_KEY.`;

const commands: Record<string, CommandBuilder> = {
  ...accountCommands,
  ...marketplaceCommands,
  ...partnerCommands,
  'db migrate': (args) => {
    parseOptions(args, {});
    return {
      needsKey: false,
      async run() {
        // Migration runs below for every command; here it only reports.
      },
    };
  },
};

/** The command `argv` names, its arguments checked; a UsageError when it names none or they are wrong. */
function parseCommand(argv: string[], serviceMode: ServiceMode): Command {
  const [group, action, ...rest] = argv;
  const build = group !== undefined && action !== undefined ? commands[`${group} ${action}`] : undefined;
  if (build && Object.hasOwn(commands, `${group} ${action}`)) return build(rest, serviceMode, action!);
  if (group === undefined || group === 'help' || group === '--help' || group === '-h') {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  throw new UsageError(`unknown command "${[group, action].filter(Boolean).join(' ')}"`);
}

async function main(argv: string[]): Promise<number> {
  let command: Command;
  try {
    const recon = argv[0] === 'ops-key' || argv[0] === 'recon' ? (await import('./reconciliation/recon-cli.ts')).parseReconCommand(argv) : null;
    command = argv[0] === 'verify-ledger' ? verifyLedgerCommand(argv.slice(1), (message) => new UsageError(message))
      : recon ? { needsKey: false, run: (db) => recon.run(db, loadConfig(process.env)) } : parseCommand(argv, readMode(process.env));
  } catch (error) {
    if (error instanceof UsageError || error instanceof ReconUsageError) {
      process.stderr.write(`error: ${error.message}\n\n${usage}\n`);
      return 2;
    }
    throw error;
  }
  const config = loadConfig(process.env);
  // The CLI logs only warnings by default so its stdout/stderr stay readable.
  const logger = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn');
  const masterKey = command.needsKey ? resolveMasterKey(config, logger) : null;
  const db = await connectDatabase(config, logger);
  try {
    // Every command runs against an up-to-date schema (migrations are idempotent and locked).
    const applied = await migrateAll(db, config, logger);
    if (argv[0] === 'db') process.stdout.write(`${JSON.stringify({ applied })}\n`);
    if (masterKey) await checkMasterKey(db.sql, masterKey);
    await command.run(db, masterKey ? createSecretBox(masterKey) : null);
    return 0;
  } catch (error) {
    if (error instanceof ApiKeyInputError || error instanceof UserInputError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`error: ${(error as Error).message}\n`);
    return 1;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(error instanceof ConfigError ? `configuration error: ${error.message}\n` : `${(error as Error).stack}\n`);
    process.exitCode = error instanceof ConfigError ? 2 : 1;
  },
);
