import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import contrato from './contrato.json' with { type: 'json' };

/** The operations of contrato.json (Lavra's transcription of NFE.io's contract). */
export type OperacaoNfeio =
  | 'emitirNfe'
  | 'consultarNfe'
  | 'listarNfe'
  | 'cancelarNfe'
  | 'cartaCorrecaoNfe'
  | 'arquivo'
  | 'erros'
  | 'emitirNfse'
  | 'consultarNfse';

let ajv: Ajv | undefined;
function validador() {
  if (!ajv) {
    ajv = new Ajv({ allErrors: true });
    addFormats.default ? addFormats.default(ajv) : (addFormats as unknown as (a: Ajv) => void)(ajv);
    ajv.addSchema(contrato);
  }
  return ajv;
}

/** The violations of `valor` against operation `op` ([] when it keeps the contract), one line each. */
export function violacoes(op: OperacaoNfeio, valor: unknown): string[] {
  const v = validador().getSchema(`${contrato.$id}#/definitions/${op}`);
  if (!v) throw new Error(`contrato.json: sem a operação ${op}`);
  if (v(valor)) return [];
  return (v.errors ?? []).map((e: ErrorObject) => {
    const extra = e.keyword === 'additionalProperties' ? ` (${String(e.params.additionalProperty)})` : '';
    return `${e.instancePath || '/'} ${e.message ?? e.keyword}${extra}`;
  });
}
