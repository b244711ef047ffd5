// Daraja's SecurityCredential and STK password
// (https://developer.safaricom.co.ke/Documentation, "Getting started: security credentials":
// "encrypt the initiator password with the M-Pesa public key certificate ... using RSA
// algorithm with PKCS #1.5 padding (not OAEP), and encode the result as Base64"; "Lipa na M-Pesa
// Online": Password = base64(Shortcode + Passkey + Timestamp), Timestamp YYYYMMDDHHmmss).
import { constants, publicEncrypt, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** The initiator password encrypted with Safaricom's certificate, base64. Never logged. */
export function securityCredentialOf(certificatePath: string, initiatorPassword: string): string {
  const certificate = new X509Certificate(readFileSync(certificatePath));
  return publicEncrypt({ key: certificate.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(initiatorPassword, 'utf8')).toString('base64');
}

/** East Africa Time is UTC+3 all year (no daylight saving): Daraja's timestamps are in it. */
const eatOffsetMs = 3 * 60 * 60 * 1000;

/** YYYYMMDDHHmmss in East Africa Time. */
export function darajaTimestamp(nowMs: number): string {
  return new Date(nowMs + eatOffsetMs).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`, 'utf8').toString('base64');
}
