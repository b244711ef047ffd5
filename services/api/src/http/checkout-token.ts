// The payer's checkout token, read from the request: exactly one of the X-Checkout-Token header
// and the client_token query parameter (seed: "supply exactly one of the two"). The session it
// opens is the domain's (collections/checkout-sessions.ts findSessionByToken).
import type { Request } from 'express';
import { validationError } from './errors.ts';

export const checkoutTokenHeader = 'x-checkout-token';

export function checkoutTokenOf(req: Request): string {
  const header = req.get(checkoutTokenHeader);
  const query = req.query.client_token;
  const fromQuery = typeof query === 'string' ? query : undefined;
  const given = [header, fromQuery].filter((value) => value !== undefined && value !== '');
  if (given.length !== 1) {
    throw validationError([{
      field: 'client_token',
      message: given.length === 0
        ? 'the checkout token is required: send it in the X-Checkout-Token header or the client_token query parameter'
        : 'send the checkout token in exactly one place: the X-Checkout-Token header or the client_token query parameter, not both',
    }]);
  }
  return given[0]!;
}
