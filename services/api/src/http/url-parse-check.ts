// express-openapi-validator (5.6) calls the deprecated url.parse() on every request (to read the
// raw query string). Until url.parse() has warned once, Node 24 decides on every call whether to
// warn by walking the stack to see if the caller is inside node_modules (isInsideNodeModules), and
// a caller inside node_modules never makes it warn, so the walk repeats on every request: ~11 us
// of a collection's CPU under load (docs/performance.md). One call of ours, with deprecation
// warnings muted for its duration, uses up the single warning; later calls skip the walk. We do
// not call url.parse() ourselves, so no warning of ours is lost. If Node changes this, nothing
// breaks: the call is merely no longer faster.
import url from 'node:url';

let done = false;

export function skipUrlParseDeprecationCheck(): void {
  if (done) return;
  done = true;
  const muted = process.noDeprecation;
  process.noDeprecation = true;
  try {
    url.parse('/');
  } finally {
    process.noDeprecation = muted;
  }
}
