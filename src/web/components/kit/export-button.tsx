import { Download } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Button } from '../ui/button';
import { exportUrl } from './export-url';

/** "Exportar" → CSV / Excel (.xlsx) of the list as filtered now (the server streams it). */
export function ExportButton({
  lista,
  params,
  label = 'Exportar',
}: {
  /** The list's API path below /api (e.g. `clientes`, `caixa/movimentacoes`). */
  lista: string;
  /** The list's current API params (useResourceList's `params`). */
  params: Record<string, string | number>;
  label?: string;
}) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button variant="outline">
          <Download aria-hidden />
          {label}
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 min-w-40 rounded-md border bg-card p-1 text-sm shadow-md"
        >
          {(
            [
              ['csv', 'CSV (.csv)'],
              ['xlsx', 'Excel (.xlsx)'],
            ] as const
          ).map(([formato, text]) => (
            <DropdownMenu.Item key={formato} asChild>
              <a
                href={exportUrl(lista, formato, params)}
                download
                className="block cursor-pointer rounded-sm px-2 py-1.5 outline-none data-[highlighted]:bg-muted"
              >
                {text}
              </a>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
