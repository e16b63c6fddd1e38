// Adds up the JSON reports of every runner into one closing line: "N passed, N failed".
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
for (const f of readdirSync(dir).filter((n) => n.endsWith('.json'))) {
  const r = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
  if (r.stats && 'expected' in r.stats) {
    // Playwright
    console.log(`${f.padEnd(20)} ${r.stats.expected} passed, ${r.stats.unexpected + r.stats.flaky} failed`);
    passed += r.stats.expected;
    failed += r.stats.unexpected + r.stats.flaky;
  } else {
    console.log(`${f.padEnd(20)} ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
