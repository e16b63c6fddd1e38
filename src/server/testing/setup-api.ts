import path from 'node:path';
import { afterAll, afterEach, inject } from 'vitest';
import { takeViolations, violationText } from './response-contract';

/**
 * Every API test file runs with this (vitest.config.ts, project "api"): an answer that breaks its
 * route's declared contract (status, content type, body; see response-contract.ts) fails the test
 * during which it was given. Answers given in a file's beforeAll fail its first test; those of its
 * afterAll, the file.
 */
function failOnViolations() {
  const v = takeViolations();
  if (v.length) throw new Error(`Resposta fora do contrato:\n${v.map(violationText).join('\n')}`);
}

afterEach(failOnViolations);
afterAll(failOnViolations);

// The server's backups run the backup process compiled for this run (global-setup-api.ts), as
// production does (backups.ts).
process.env.LAVRA_BACKUP_PROCESS = path.join(path.dirname(inject('servidorCompilado')), 'backup-process.mjs');
