import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import type { Emissao } from './api';

/** A missing fiscal field, with a link to where it is set. */
interface Pendencia {
  campo: string;
  mensagem: string;
  link: string;
}

/** What must be filled in before the invoice can be emitted. */
export function Pendencias({ titulo, pendencias }: { titulo: string; pendencias: Pendencia[] }) {
  return (
    <div className="text-sm">
      <p className="font-medium">{titulo}</p>
      <ul className="list-disc pl-5">
        {pendencias.map((x) => (
          <li key={x.campo}>
            <Link className="underline" to={x.link}>
              {x.mensagem}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The authorised invoice's cancellation: its justification (15 characters at least) and the confirmation. */
export function CancelamentoForm({
  emissao: e,
  notaId,
  id,
  label,
  confirmar,
}: {
  emissao: Emissao;
  notaId: string;
  id: string;
  label: string;
  confirmar: string;
}) {
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(ev) => {
        ev.preventDefault();
        e.cancelar.mutate(notaId);
      }}
    >
      <label className="text-sm" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        className="min-h-16 rounded-md border p-2 text-sm"
        value={e.justificativa}
        onChange={(ev) => e.setJustificativa(ev.target.value)}
      />
      <Button
        type="submit"
        variant="destructive"
        size="sm"
        disabled={e.cancelar.isPending || e.justificativa.trim().length < 15}
      >
        {confirmar}
      </Button>
    </form>
  );
}
