import type { STATUS_NOTA_FISCAL_LABEL } from '../../../schemas/notas-fiscais';
import type { BadgeVariant } from '../../components/ui/badge';

export const STATUS_BADGE: Record<keyof typeof STATUS_NOTA_FISCAL_LABEL, BadgeVariant> = {
  processando: 'yellow',
  autorizada: 'green',
  rejeitada: 'red',
  cancelada: 'gray',
};
