// Folders the tests need, resolved from this file (the tests may run from any working directory).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const conformance_dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const repository_dir = path.resolve(conformance_dir, '..');
export const merchant_spec_file = path.join(repository_dir, 'spec/merchant.yaml');
export const not_implemented_file = path.join(conformance_dir, 'not-implemented.txt');
