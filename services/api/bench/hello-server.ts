// The baseline: a bare Express 5 hello-world, same Node, same machine.
import express from 'express';

const app = express();
app.get('/hello', (_req, res) => {
  res.json({ data: { hello: 'world' }, error: null, meta: { request_id: 'bench' } });
});
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('ready\n'));
process.once('SIGINT', () => server.close(() => process.exit(0)));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
