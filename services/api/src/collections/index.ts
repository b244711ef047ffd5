// The public face of collections/: what other capabilities, the route table, the job registry and the
// runtime may use of it (issue 23: no import into a capability except through its index).

export { checkoutPagePath } from './checkout-sessions.ts';
