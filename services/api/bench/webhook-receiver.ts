// The benchmark's webhook receiver, in its own process (so its work is not the worker's): answers
// 200 to every path except /hang, which it never answers (the sender's 10 s timeout ends it).
import http from 'node:http';

const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    if (req.url === '/hang') return;
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.end('ok');
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`receiver listening on ${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGINT', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
