// express-openapi-validator (5.6) calls the deprecated url.parse() on every request (to read the
// raw query string). Until url.parse() has warned once, Node 24 decides on every call whether to
// warn by walking the stack to see if the caller is inside node_modules (isInsideNodeModules), and
// a caller inside node_modules never makes it warn, so the walk repeats on every request.
// One call of ours, with deprecation warnings muted for its duration, uses up the single warning;
// later calls skip the walk. We do not call url.parse() ourselves, so no warning of ours is lost.
// If Node changes this, nothing breaks: the call is merely no longer faster.
// Decision 0634 (removed by 0630, restored on CPU per collection): a V8 profile of the service at
// 300 collections/s without it spent 379 ms in urlParse over 7,200 requests (about 50 us each,
// profiler on); `make bench-cost`, same run, with 0634's three pieces: Node CPU per collection
// 2,567-2,677 us against 2,737-2,933 without them.
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
