// What the emulated Paystack does per request (openapi.yaml paths; https://paystack.com/docs/).
//
// Magic values choosing a charge's fate (ours, in the spirit of Paystack's test cards):
//   card authorization_code  AUTH_declined -> failed "Declined"; AUTH_insufficient -> failed
//                            "Insufficient Funds"; AUTH_pending -> stays pending; AUTH_refundfails
//                            -> success, but its refunds fail; any other -> success at once.
//   mobile_money phone       ...0001 -> failed "Insufficient Funds"; ...0002 -> failed "Transaction
//                            timed out" (never approved); any other -> success. Answer: pay_offline.
//   ussd                     pay_offline with a ussd_code, success later.   bank: pending, success later.
// A charge that succeeds sends charge.success; a failed one sends nothing (Paystack's event list
// has no charge.failed: the failure is learned by verify). Pending ones end on finishPending().
// Transfers, by the recipient's account number: 9999999999 -> /transferrecipient refuses it;
// ...01 -> transfer.failed ("Bank processor timeout"); ...02 -> transfer.reversed; ...03 ->
// transfer.failed ("Account number is invalid"); else success.
// Refunds: pending at once, processed (refund.processed) when finishPending() runs, or failed
// (refund.failed) for AUTH_refundfails charges. A refund of the whole remainder marks the charge reversed.
import type { Express, Request, Response } from 'express';
import {
  refundCreatedData, refundData, refundEventData, recipientData, transactionData, transferCreatedData, transferData,
  type Charge, type EmulatorState, type Recipient, type Settlement, type Transfer,
} from './shapes.ts';

type Deps = { state: EmulatorState; queueWebhook(event: string, reference: string, data: unknown): void };
type Body = Record<string, any>;

const refuse = (res: Response, status: number, message: string, extra: Body = {}) => res.status(status).json({ status: false, message, ...extra });
const now = () => new Date().toISOString();

export function mountHandlers(app: Express, deps: Deps): void {
  const { state } = deps;
  const id = () => state.nextId++;
  /** Charges decided at creation but finished later (mobile money, ussd, bank), with their end. */
  const due = new Map<string, { status: string; gatewayResponse: string }>();

  function finish(charge: Charge, status: string, gatewayResponse: string): void {
    charge.status = status;
    charge.gatewayResponse = gatewayResponse;
    charge.next = {};
    if (status === 'success') {
      charge.paidAt = now();
      deps.queueWebhook('charge.success', charge.reference, transactionData(charge));
    }
  }

  app.post('/charge', (req: Request, res: Response) => {
    const body = req.body as Body;
    if (state.charges.has(body.reference)) {
      // TransactionInitializeBadRequestModel's example: the duplicate reference refusal.
      return refuse(res, 400, 'Duplicate Transaction Reference', {
        type: 'validation_error', code: 'duplicate_reference', meta: { nextStep: 'Try and create the Transaction or Charge with a new reference' },
      });
    }
    const channel = body.authorization_code ? 'card' : body.mobile_money ? 'mobile_money' : body.ussd ? 'ussd' : body.bank ? 'bank' : null;
    if (channel === null) return refuse(res, 400, 'Please provide a payment channel', { type: 'validation_error' });
    const charge: Charge = {
      id: id(), reference: body.reference ?? `T${state.nextId}`, amount: body.amount, currency: body.currency ?? 'NGN', channel,
      status: 'pending', gatewayResponse: 'Pending', email: body.email, metadata: body.metadata ?? {}, authorizationCode: body.authorization_code ?? null,
      createdAt: now(), paidAt: null, fees: Math.floor(body.amount / 100) * 1 + 100, next: {},
    };
    state.charges.set(charge.reference, charge);
    if (channel === 'card') {
      const code = String(body.authorization_code);
      if (code === 'AUTH_declined') finish(charge, 'failed', 'Declined');
      else if (code === 'AUTH_insufficient') finish(charge, 'failed', 'Insufficient Funds');
      else if (code !== 'AUTH_pending') finish(charge, 'success', 'Approved');
    } else if (channel === 'mobile_money') {
      const phone = String(body.mobile_money.phone);
      charge.status = 'pay_offline';
      charge.next = { display_text: 'Please complete authorization process on your mobile number' };
      due.set(charge.reference, phone.endsWith('0001') ? { status: 'failed', gatewayResponse: 'Insufficient Funds' }
        : phone.endsWith('0002') ? { status: 'failed', gatewayResponse: 'Transaction timed out' } : { status: 'success', gatewayResponse: 'Approved' });
    } else if (channel === 'ussd') {
      charge.status = 'pay_offline';
      charge.next = { ussd_code: `*${body.ussd.type}*000*${charge.id}#`, display_text: 'Dial the code to pay' };
      due.set(charge.reference, { status: 'success', gatewayResponse: 'Approved' });
    } else {
      due.set(charge.reference, { status: 'success', gatewayResponse: 'Approved' });
    }
    res.json({ status: true, message: 'Charge attempted', data: transactionData(charge) });
  });

  app.get('/transaction/verify/:reference', (req: Request, res: Response) => {
    const charge = state.charges.get(String(req.params.reference));
    if (!charge) return refuse(res, 404, 'Transaction reference not found');
    res.json({ status: true, message: 'Verification successful', data: transactionData(charge) });
  });

  app.post('/refund', (req: Request, res: Response) => {
    const body = req.body as Body;
    const charge = state.charges.get(String(body.transaction));
    if (!charge) return refuse(res, 404, 'Transaction not found');
    if (charge.status !== 'success') return refuse(res, 400, 'Cannot refund a transaction that is not successful', { type: 'validation_error' });
    if (body.currency !== undefined && body.currency !== charge.currency) return refuse(res, 400, 'Currency does not match the transaction currency');
    const refunded = state.refunds.filter((r) => r.transactionId === charge.id && r.status !== 'failed').reduce((sum, r) => sum + r.amount, 0);
    const amount = body.amount ?? charge.amount - refunded;
    if (amount < 1 || refunded + amount > charge.amount) return refuse(res, 400, 'Refund amount cannot be greater than transaction amount', { type: 'validation_error' });
    const refund = {
      id: id(), transactionId: charge.id, transactionReference: charge.reference, amount, currency: charge.currency,
      status: 'pending' as const, merchantNote: body.merchant_note ?? '', createdAt: now(),
    };
    state.refunds.push(refund);
    if (refunded + amount === charge.amount) charge.status = 'reversed';
    res.json({ status: true, message: 'Refund has been queued for processing', data: refundCreatedData(refund, charge) });
  });

  app.get('/refund', (req: Request, res: Response) => {
    const perPage = Number(req.query.perPage ?? 50);
    const page = Number(req.query.page ?? 1);
    const from = req.query.from === undefined ? 0 : Date.parse(String(req.query.from));
    const all = state.refunds.filter((r) => Date.parse(r.createdAt) >= from).reverse();
    const items = all.slice((page - 1) * perPage, page * perPage);
    const chargeOf = (ref: string) => state.charges.get(ref)!;
    res.json({
      status: true, message: 'Refunds retrieved', data: items.map((r) => refundData(r, chargeOf(r.transactionReference))),
      meta: { total: all.length, skipped: (page - 1) * perPage, perPage: String(perPage), page, pageCount: Math.ceil(all.length / perPage), failedRefundCount: 0 },
    });
  });

  app.get('/refund/:id', (req: Request, res: Response) => {
    const refund = state.refunds.find((r) => r.id === Number(req.params.id));
    if (!refund) return refuse(res, 404, 'Refund not found');
    res.json({ status: true, message: 'Refund retrieved', data: refundData(refund, state.charges.get(refund.transactionReference)!) });
  });

  app.post('/transferrecipient', (req: Request, res: Response) => {
    const body = req.body as Body;
    if (body.account_number === '9999999999') return refuse(res, 400, 'Could not resolve account name. Check parameters or try again.');
    const key = `${body.type}:${body.bank_code}:${body.account_number}`;
    // "A duplicate account number will lead to the retrieval of the existing record."
    let recipient = state.recipients.get(key);
    if (!recipient) {
      const recipientId = id();
      recipient = {
        id: recipientId, code: `RCP_${recipientId}`, type: body.type, name: body.name, accountNumber: body.account_number,
        bankCode: body.bank_code, currency: body.currency ?? 'NGN', createdAt: now(),
      } satisfies Recipient;
      state.recipients.set(key, recipient);
    }
    res.status(201).json({ status: true, message: 'Transfer recipient created successfully', data: recipientData(recipient) });
  });

  app.post('/transfer', (req: Request, res: Response) => {
    const body = req.body as Body;
    if (state.transfers.has(body.reference)) return refuse(res, 400, 'Duplicate Transfer Reference', { type: 'validation_error', code: 'duplicate_reference' });
    const recipient = [...state.recipients.values()].find((r) => r.code === body.recipient);
    if (!recipient) return refuse(res, 400, 'Recipient specified is invalid');
    if (body.amount > state.balance) return refuse(res, 400, 'Your balance is not enough to fulfil this request', { type: 'api_error' });
    state.balance -= body.amount;
    const transferId = id();
    const transfer: Transfer = {
      id: transferId, code: `TRF_${transferId}`, reference: body.reference, amount: body.amount, currency: body.currency ?? 'NGN',
      reason: body.reason ?? '', status: 'pending', gatewayResponse: null, recipient, createdAt: now(), updatedAt: now(),
    };
    state.transfers.set(transfer.reference, transfer);
    // Transfers end asynchronously (https://paystack.com/docs/transfers/single-transfers/: "pending" then a webhook).
    const end = recipient.accountNumber.endsWith('01') ? ['failed', 'Bank processor timeout'] : recipient.accountNumber.endsWith('02') ? ['reversed', 'Reversed by beneficiary bank']
      : recipient.accountNumber.endsWith('03') ? ['failed', 'Account number is invalid'] : ['success', 'Approved'];
    setTimeout(() => endTransfer(transfer, end[0]!, end[1]!), 10).unref();
    res.json({ status: true, message: 'Transfer has been queued', data: transferCreatedData(transfer) });
  });

  function endTransfer(transfer: Transfer, status: string, gatewayResponse: string): void {
    transfer.status = status;
    transfer.gatewayResponse = gatewayResponse;
    transfer.updatedAt = now();
    if (status !== 'success') state.balance += transfer.amount;
    deps.queueWebhook(`transfer.${status}`, transfer.reference, transferData(transfer));
  }

  app.get('/transfer/verify/:reference', (req: Request, res: Response) => {
    const transfer = state.transfers.get(String(req.params.reference));
    if (!transfer) return refuse(res, 404, 'Transfer not found');
    res.json({ status: true, message: 'Transfer retrieved', data: transferData(transfer) });
  });

  app.get('/settlement', (req: Request, res: Response) => {
    const perPage = Number(req.query.perPage ?? 50);
    const page = Number(req.query.page ?? 1);
    const items = [...state.settlements].reverse().slice((page - 1) * perPage, page * perPage);
    res.json({ status: true, message: 'Settlements retrieved', data: items.map(settlementData) });
  });

  app.get('/settlement/:id/transactions', (req: Request, res: Response) => {
    const settlement = state.settlements.find((s) => s.id === Number(req.params.id));
    if (!settlement) return refuse(res, 404, 'Settlement not found');
    res.json({ status: true, message: 'Transactions retrieved', data: settlement.chargeReferences.map((ref) => transactionData(state.charges.get(ref)!)) });
  });

  function settlementData(settlement: Settlement) {
    const charges = settlement.chargeReferences.map((ref) => state.charges.get(ref)!);
    const total = charges.reduce((sum, c) => sum + c.amount, 0);
    const fees = charges.reduce((sum, c) => sum + c.fees, 0);
    return {
      id: settlement.id, domain: 'test', status: settlement.status, currency: settlement.currency, integration: 100032,
      total_amount: total - fees, effective_amount: total - fees, total_fees: fees, total_processed: total, deductions: null,
      settlement_date: settlement.settlementDate, settled_by: null, createdAt: settlement.settlementDate, updatedAt: settlement.settlementDate,
    };
  }

  const settled = new Set<string>();
  app.locals.emulator = {
    finishPending() {
      for (const [reference, end] of due) {
        const charge = state.charges.get(reference)!;
        due.delete(reference);
        finish(charge, end.status, end.gatewayResponse);
      }
      for (const refund of state.refunds.filter((r) => r.status === 'pending')) {
        const charge = state.charges.get(refund.transactionReference)!;
        refund.status = charge.authorizationCode === 'AUTH_refundfails' ? 'failed' : 'processed';
        if (refund.status === 'failed' && charge.status === 'reversed') charge.status = 'success';
        deps.queueWebhook(`refund.${refund.status}`, refund.transactionReference, refundEventData(refund));
      }
    },
    settle(): Settlement[] {
      const byCurrency = new Map<string, string[]>();
      for (const charge of state.charges.values()) {
        if (charge.status !== 'success' || settled.has(charge.reference)) continue;
        settled.add(charge.reference);
        byCurrency.set(charge.currency, [...(byCurrency.get(charge.currency) ?? []), charge.reference]);
      }
      const made = [...byCurrency].map(([currency, refs]) => ({ id: id(), status: 'success', currency, settlementDate: now(), chargeReferences: refs }));
      state.settlements.push(...made);
      return made;
    },
  };
}
