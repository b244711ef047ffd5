// Types that take the headers the SDK sets itself out of the caller's hands.
//
// The spec declares `Idempotency-Key` (and on the payer endpoints `X-Checkout-Token`) as
// required header parameters, so the generated operation types would force every caller to pass
// them. The SDK fills them in, so for the client's types they become optional: a caller may still
// give their own idempotency key (to retry a logical operation safely), but need not.

/** Header names the SDK clients fill in on their own. */
export type SdkManagedHeader =
  | 'Idempotency-Key'
  | 'X-Idempotency-Key'
  | 'X-Service-Key'
  | 'X-Service-Timestamp'
  | 'X-Service-Signature'
  | 'X-Service-Signature-Version'
  | 'X-Checkout-Token'
  | 'X-API-Key';

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

type RelaxHeader<Header> = Omit<Header, SdkManagedHeader> &
  Partial<Pick<Header, Extract<keyof Header, SdkManagedHeader>>>;

type RelaxParameters<Parameters> = Parameters extends { header: infer Header }
  ? Omit<Parameters, 'header'> &
      ([RequiredKeys<RelaxHeader<Header>>] extends [never]
        ? { header?: RelaxHeader<Header> }
        : { header: RelaxHeader<Header> })
  : Parameters;

type RelaxOperation<Operation> = Operation extends { parameters: infer Parameters }
  ? Omit<Operation, 'parameters'> & { parameters: RelaxParameters<Parameters> }
  : Operation;

/** `paths` of the generated contract with the SDK-managed headers made optional. */
export type WithSdkManagedHeaders<Paths> = {
  [Path in keyof Paths]: {
    [Key in keyof Paths[Path]]: Key extends HttpMethod ? RelaxOperation<Paths[Path][Key]> : Paths[Path][Key];
  };
};
