// Which currencies a request may name: those the ledger holds (its currency table). A leaf, so
// that split rules and checkout sessions check a currency without importing collections.
import { currencies } from '@payagg/ledger';
import { fieldsRefusal } from './outcomes.ts';

export function assertCurrencySupported(currency: string, field = 'body.currency'): void {
  if (!currencies.has(currency)) {
    throw fieldsRefusal('currency_not_supported', [{ field, message: `currency ${currency} is not supported (supported: ${[...currencies.keys()].join(', ')})` }]);
  }
}
