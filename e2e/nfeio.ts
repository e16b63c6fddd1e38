/** The API key the browser tests' fake NFE.io accepts (e2e/fake-nfeio.ts); a spec saves it on Empresa. */
export const NFEIO_API_KEY = 'chave-e2e-nfeio';
