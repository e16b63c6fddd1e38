import { useQuery } from '@tanstack/react-query';
import { AlarmClock, Hammer } from 'lucide-react';
import { KpiGrid } from '../../components/ui/kpi-card';
import { producaoIndicadoresOptions } from '../producao/api';

/** "Instalações esta semana" and "OS atrasadas" (a stage past its scheduled end, not completed). */
export function ProducaoCards() {
  const q = useQuery(producaoIndicadoresOptions());
  const d = q.data;
  const valor = (n: number | undefined) => (n === undefined ? '…' : n.toLocaleString('pt-BR'));
  return (
    <KpiGrid
      kpis={[
        {
          title: 'Instalações esta semana',
          value: valor(d?.instalacoes_semana),
          icon: Hammer,
          testId: 'dash-instalacoes',
        },
        {
          title: 'OS atrasadas',
          value: valor(d?.os_atrasadas),
          icon: AlarmClock,
          hint: 'Etapa passou do fim agendado sem ser concluída',
          testId: 'dash-os-atrasadas',
        },
      ]}
    />
  );
}
