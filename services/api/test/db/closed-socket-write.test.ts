// postgres.js 3.4.9 threw `TypeError: Cannot read properties of null (reading 'write')` from a
// setImmediate when a statement was written to a connection whose server had gone (closed() had
// let go of the socket; porsager/postgres #1154, #1208): no caller could catch it, and every API
// and worker process died on a database restart (issue 26). The patch (patches/postgres@3.4.9.patch,
// decision 0510) fails that statement as CONNECTION_CLOSED instead; test/db-restart-process.test.ts
// shows it on real processes across a PostgreSQL kill and restart. Here: the version is pinned, so
// a driver upgrade has to look at the patch again.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const driverPackage = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/postgres/package.json');

describe('the patched driver', () => {
  it('is the version the patch was written for (a new version: check upstream #1209 and redo or drop the patch)', () => {
    const { version } = JSON.parse(fs.readFileSync(driverPackage, 'utf8')) as { version: string };
    expect(version).toBe('3.4.9');
  });
});
