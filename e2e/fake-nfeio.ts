// The local NFE.io for the browser tests (issue 30: no internet), started by playwright.config.ts beside
// the fake CEP service; every spec server gets NFEIO_API_URL pointing here (e2e/servidor.ts). It is the
// API tests' fake (src/server/fiscal/fake/servidor.ts): requests are checked against NFE.io's contract.
import { iniciarFakeNfeio } from '../src/server/fiscal/fake/servidor';
import { NFEIO_API_KEY } from './nfeio';

const porta = Number(process.argv[2] ?? 3200);
const fake = await iniciarFakeNfeio({ porta, apiKey: NFEIO_API_KEY });
const fim = () => void fake.fechar().then(() => process.exit(0));
process.once('SIGTERM', fim);
process.once('SIGINT', fim);
