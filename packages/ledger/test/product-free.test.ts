// The ledger knows no product (issue 23, decision 0620): accounts, transfers, holds, linked chains,
// balances and statements, nothing about what the money is for. The service's capabilities
// compose these primitives (services/api/src/<capability>/ledger-*.ts); their words stay there.
// The list holds every product the service sells and the roles in it; a word that is also plain
// English or JavaScript is matched only in its product sense (the exceptions below say why).

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const sourceDir = path.join(import.meta.dirname, '..', 'src');

/** Product words, matched case-insensitively inside identifiers, strings and comments. */
const productWords: readonly string[] = [
  'collection', 'refund', 'payout', 'dispute', 'chargeback', 'escrow', 'merchant' /* and sub-merchant */, 'partner',
  'checkout', 'kyc', 'wallet', 'withdrawal', 'deposit', 'settlement', 'payer', 'payee',
];
/** Words that are products only on their own ("fx_position", "fxRate", "split_hold"; not "prefix", "splitting"). */
const productTokens: readonly string[] = ['fx', 'split', 'fee', 'fees', 'rail', 'rails'];
/**
 * Exceptions, each a product sense ruled out: `.split(` is JavaScript's String method (parsing
 * TB_ADDRESSES), not a split payment.
 */
const allowed: readonly RegExp[] = [/\.split\(/g];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : []);
}

/** A line's words: identifiers split at underscores, dots, dashes and camelCase humps, lower-cased. */
function tokens(line: string): string[] {
  return line.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter((t) => t !== '');
}

export function productWordsIn(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = allowed.reduce((l, pattern) => l.replace(pattern, ' '), raw);
    const lower = line.toLowerCase();
    for (const word of productWords) if (lower.includes(word)) found.push(`${i + 1}: ${word}`);
    const words = new Set(tokens(line));
    for (const word of productTokens) if (words.has(word)) found.push(`${i + 1}: ${word}`);
  });
  return found;
}

test('the check finds product words in each form they take, and lets the exceptions pass', () => {
  expect(productWordsIn('settleCollection(args)')).toEqual(['1: collection']);
  expect(productWordsIn("kind: 'fx_position'")).toEqual(['1: fx']);
  expect(productWordsIn('const fxRate = 1')).toEqual(['1: fx']);
  expect(productWordsIn('splitHoldId(refundId)')).toEqual(['1: refund', '1: split']);
  expect(productWordsIn('// a Sub-Merchant wallet')).toEqual(['1: merchant', '1: wallet']);
  expect(productWordsIn('platform_fees, rail clearing')).toEqual(['1: fees', '1: rail']);
  expect(productWordsIn("addresses.split(',') with a prefix, splitting pages")).toEqual([]);
});

test('packages/ledger/src names no product', () => {
  const findings = files(sourceDir).flatMap((file) => productWordsIn(fs.readFileSync(file, 'utf8')).map((f) => `${path.relative(sourceDir, file)}:${f}`));
  expect(findings).toEqual([]);
});
