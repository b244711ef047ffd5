// Where the master key comes from: MASTER_KEY when set; otherwise DATA_DIR/master.key, generated
// once (mode 0600) so the embedded default works with no configuration. Production sets
// MASTER_KEY from a secret manager; every instance and the CLI must use the same key.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, masterKeyBytes, parseMasterKey } from '../config.ts';
import type { Logger } from '../log.ts';

export const masterKeyFileName = 'master.key';

export function resolveMasterKey(config: Config, logger: Logger): Buffer {
  if (config.masterKey) return config.masterKey;
  const file = path.join(config.dataDir, masterKeyFileName);
  if (fs.existsSync(file)) {
    return parseMasterKey(fs.readFileSync(file, 'utf8'), file);
  }
  if (config.databaseUrl) {
    logger.warn('MASTER_KEY is not set while DATABASE_URL is: using a key file local to this machine; set MASTER_KEY so every instance shares it', { file });
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const hex = randomBytes(masterKeyBytes).toString('hex');
  try {
    // `wx` fails if another process created the file meanwhile; then we read theirs.
    fs.writeFileSync(file, `${hex}\n`, { mode: 0o600, flag: 'wx' });
    logger.info('generated a new master key (MASTER_KEY was not set)', { file });
    return Buffer.from(hex, 'hex');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return parseMasterKey(fs.readFileSync(file, 'utf8'), file);
    throw error;
  }
}
