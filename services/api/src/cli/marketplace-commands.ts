// Operator commands for sub-merchants and their KYC cases (src/cli.ts has the usage text).
import { kycStatuses, type KycStatus } from '../kyc/types.ts';
import { findKycCaseOfSubMerchant, listKycCasesByStatus, settleKycReview, toKycCaseResource } from '../sub-merchants/index.ts';
import {
  findSubMerchantAnyMerchant, setSubMerchantStatus, subMerchantStatusReasonLengthMax, toSubMerchantResource,
} from '../sub-merchants/index.ts';
import type { ServiceMode } from '../config.ts';
import { type Command, type CommandBuilder, operatorName, optionalReason, parseOptions, print, requireUuid, UsageError } from './command.ts';

function subMerchantsSetStatus(args: string[], _serviceMode: ServiceMode, action: string): Command {
  const { values, positionals } = parseOptions(args, { reason: { type: 'string' }, operator: { type: 'string' } });
  if (positionals.length !== 1) throw new UsageError(`sub-merchants ${action} takes one SUB_MERCHANT_ID`);
  const id = requireUuid(positionals[0], 'SUB_MERCHANT_ID');
  const reason = optionalReason(values.reason as string | undefined, subMerchantStatusReasonLengthMax);
  const operator = operatorName(values.operator as string | undefined);
  return {
    needsKey: false,
    async run(db) {
      const changed = await setSubMerchantStatus({ sql: db.sql }, {
        merchantId: null, subMerchantId: id, status: action === 'suspend' ? 'suspended' : 'active', reason, actor: `operator:${operator}`,
      });
      if (!changed) throw new Error(`no sub-merchant ${id}`);
      print({ ...toSubMerchantResource(changed.row), changed: changed.changed });
    },
  };
}

function kycList(args: string[]): Command {
  const { values, positionals } = parseOptions(args, { status: { type: 'string' }, merchant: { type: 'string' }, limit: { type: 'string' } });
  if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const status = (values.status as string | undefined) ?? 'needs_review';
  if (!(kycStatuses as readonly string[]).includes(status)) throw new UsageError(`--status must be one of ${kycStatuses.join(', ')}`);
  const merchantId = values.merchant === undefined ? undefined : requireUuid(values.merchant as string, '--merchant');
  const limitText = (values.limit as string | undefined) ?? '100';
  if (!/^[0-9]{1,4}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > 1000) throw new UsageError('--limit must be 1 to 1000');
  return {
    needsKey: false,
    async run(db) {
      const cases = await listKycCasesByStatus(db.sql, status as KycStatus, { ...(merchantId ? { merchantId } : {}), limit: Number(limitText) });
      print(cases.map((row) => ({ merchant_id: row.merchant_id, ...toKycCaseResource(row) })));
    },
  };
}

function kycShow(args: string[]): Command {
  const { positionals } = parseOptions(args, {});
  if (positionals.length !== 1) throw new UsageError('kyc show takes one SUB_MERCHANT_ID');
  const id = requireUuid(positionals[0], 'SUB_MERCHANT_ID');
  return {
    needsKey: false,
    async run(db) {
      const subMerchant = await findSubMerchantAnyMerchant(db.sql, id);
      const row = subMerchant ? await findKycCaseOfSubMerchant(db.sql, subMerchant.merchant_id, id) : null;
      if (!row) throw new Error(`no KYC case for sub-merchant ${id}`);
      print({ merchant_id: row.merchant_id, ...toKycCaseResource(row) });
    },
  };
}

function kycSettle(args: string[]): Command {
  const { values, positionals } = parseOptions(args, { reason: { type: 'string' }, operator: { type: 'string' } });
  if (positionals.length !== 2) throw new UsageError('kyc settle takes SUB_MERCHANT_ID and verified or rejected');
  const id = requireUuid(positionals[0], 'SUB_MERCHANT_ID');
  const decision = positionals[1];
  if (decision !== 'verified' && decision !== 'rejected') throw new UsageError('the decision must be verified or rejected');
  const reason = optionalReason(values.reason as string | undefined, subMerchantStatusReasonLengthMax);
  if (decision === 'rejected' && reason === null) throw new UsageError('--reason is required to reject');
  const operator = operatorName(values.operator as string | undefined);
  return {
    needsKey: false,
    async run(db) {
      const subMerchant = await findSubMerchantAnyMerchant(db.sql, id);
      const kycCase = subMerchant ? await findKycCaseOfSubMerchant(db.sql, subMerchant.merchant_id, id) : null;
      if (!kycCase) throw new Error(`no KYC case for sub-merchant ${id}`);
      const result = await settleKycReview(db.sql, { caseId: kycCase.id, status: decision, reason, operator });
      if (!result.applied) {
        throw new Error(`the KYC case of sub-merchant ${id} is ${result.row?.status ?? 'gone'}; only a case in needs_review can be settled`);
      }
      print({ merchant_id: result.row.merchant_id, ...toKycCaseResource(result.row) });
    },
  };
}

/** The commands of this file by their first two words. */
export const marketplaceCommands: Record<string, CommandBuilder> = {
  'sub-merchants suspend': subMerchantsSetStatus,
  'sub-merchants reactivate': subMerchantsSetStatus,
  'kyc list': kycList,
  'kyc show': kycShow,
  'kyc settle': kycSettle,
};
