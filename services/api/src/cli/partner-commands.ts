// Operator commands for partners of the partner wallet API and their keys (src/cli.ts has the
// usage text).
import type { ServiceMode } from '../config.ts';
import { createPartnerKey, findPartner, insertPartner, partnerKeyPattern, partnerNameLengthMax, revokePartnerKey } from '../accounts/index.ts';
import { type Command, type CommandBuilder, parseOptions, print, requireMode, requireUuid, UsageError } from './command.ts';

function partnersCreate(args: string[], serviceMode: ServiceMode): Command {
  const { values, positionals } = parseOptions(args, { name: { type: 'string' }, mode: { type: 'string' }, json: { type: 'boolean' } });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const name = (values.name as string | undefined)?.trim();
  if (!name) throw new UsageError('--name is required');
  if (name.length > partnerNameLengthMax) throw new UsageError(`--name is at most ${partnerNameLengthMax} characters`);
  const mode = requireMode(values.mode as string | undefined, serviceMode);
  return {
    needsKey: false,
    async run(db) {
      const created = await db.sql.begin(async (tx) => {
        const partner = await insertPartner(tx, { name, mode });
        return await createPartnerKey(tx, partner.id);
      });
      const out = { partner_id: created.partner_id, api_key: created.api_key, mode };
      if (values.json) process.stdout.write(`${JSON.stringify(out)}\n`);
      else process.stdout.write(`partner_id: ${out.partner_id}  (${mode})\napi_key:    ${out.api_key}  (shown once)\n`);
    },
  };
}

function partnersKeys(args: string[], serviceMode: ServiceMode): Command {
  const [subAction, ...subArgs] = args;
  if (subAction === 'create') {
    const { values, positionals } = parseOptions(subArgs, { partner: { type: 'string' }, json: { type: 'boolean' } });
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    const partnerId = requireUuid(values.partner as string | undefined, '--partner');
    return {
      needsKey: false,
      async run(db) {
        const partner = await findPartner(db.sql, partnerId);
        if (!partner) throw new Error(`no partner ${partnerId}`);
        if (serviceMode === 'production' && partner.mode === 'sandbox') throw new Error(`partner ${partnerId} is a sandbox partner; PAYAGG_ENV=production has no sandbox and would refuse its keys`);
        const created = await createPartnerKey(db.sql, partnerId);
        const out = { partner_id: created.partner_id, api_key: created.api_key };
        if (values.json) process.stdout.write(`${JSON.stringify(out)}\n`);
        else process.stdout.write(`partner_id: ${out.partner_id}\napi_key:    ${out.api_key}  (shown once)\n`);
      },
    };
  }
  if (subAction === 'revoke') {
    const { positionals } = parseOptions(subArgs, {});
    if (positionals.length !== 1 || !positionals[0]) throw new UsageError('partners keys revoke takes one partner API key (pak_...)');
    const key = positionals[0];
    if (!partnerKeyPattern.test(key)) throw new UsageError('a partner API key is pak_ followed by 48 letters and digits');
    return {
      needsKey: false,
      async run(db) {
        // The key itself is never printed back: only that a key was revoked.
        if (!(await revokePartnerKey(db.sql, key))) throw new Error('no active partner key matches');
        print({ revoked: true });
      },
    };
  }
  throw new UsageError(`unknown command "partners keys ${subAction ?? ''}"`.trim());
}

/** The commands of this file by their first two words. */
export const partnerCommands: Record<string, CommandBuilder> = {
  'partners create': partnersCreate,
  'partners keys': partnersKeys,
};
