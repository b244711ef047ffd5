// The text form of a UUID, any case (RFC 9562): what a path id, a CLI argument or a provider's
// echoed id must look like before it reaches a uuid column (which would refuse it with an error).
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
