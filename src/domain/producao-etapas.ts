/** The stages of a work order, in the order the workshop goes through them (issue 17). */
export const ETAPAS_OS = ['medicao', 'corte', 'acabamento', 'instalacao', 'entrega'] as const;
export const STATUS_OS = ['aberta', 'concluida', 'cancelada'] as const;
export const STATUS_ETAPA = ['pendente', 'agendada', 'em_andamento', 'concluida'] as const;
export const TIPOS_FOTO_OS = ['foto', 'assinatura'] as const;
export type EtapaOs = (typeof ETAPAS_OS)[number];
export type StatusEtapa = (typeof STATUS_ETAPA)[number];

export const ETAPA_OS_LABEL: Record<EtapaOs, string> = {
  medicao: 'Medição',
  corte: 'Corte',
  acabamento: 'Acabamento',
  instalacao: 'Instalação',
  entrega: 'Entrega',
};
export const STATUS_OS_LABEL: Record<(typeof STATUS_OS)[number], string> = {
  aberta: 'Aberta',
  concluida: 'Concluída',
  cancelada: 'Cancelada',
};
export const STATUS_ETAPA_LABEL: Record<StatusEtapa, string> = {
  pendente: 'Pendente',
  agendada: 'Agendada',
  em_andamento: 'Em andamento',
  concluida: 'Concluída',
};
