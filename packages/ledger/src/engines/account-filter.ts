// Account filters mean the same on both engines: zero fields do not filter, and a filter naming
// neither debits nor credits means both (TigerBeetle would answer nothing; this package never
// wants that).

import { AccountFilterFlags, type AccountFilter } from '../model.ts';

export function timestampMaxOrUnbounded(timestamp_max: bigint | undefined): bigint {
  return timestamp_max === undefined || timestamp_max === 0n ? (1n << 63n) - 1n : timestamp_max;
}

/** Zero fields mean "no filter"; neither debits nor credits means both. */
export function normaliseAccountFilter(filter: AccountFilter) {
  const flags = filter.flags ?? 0;
  const debits = (flags & AccountFilterFlags.debits) !== 0;
  const credits = (flags & AccountFilterFlags.credits) !== 0;
  return {
    account_id: filter.account_id,
    user_data_128: filter.user_data_128 ?? 0n,
    user_data_64: filter.user_data_64 ?? 0n,
    user_data_32: filter.user_data_32 ?? 0,
    code: filter.code ?? 0,
    timestamp_min: filter.timestamp_min ?? 0n,
    timestamp_max: timestampMaxOrUnbounded(filter.timestamp_max),
    limit: filter.limit,
    debits: debits || !credits,
    credits: credits || !debits,
    reversed: (flags & AccountFilterFlags.reversed) !== 0,
  };
}
