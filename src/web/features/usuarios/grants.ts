import type { Me } from '../../../schemas/auth';
import { PERMISSOES, type Permissao } from '../../../schemas/permissoes';
import type { Usuario } from '../../lib/resources';

/**
 * The permissions `me` may give `target` (the server's rule, routes/usuarios.ts): an administrator any,
 * others only those they hold except `usuarios`; nobody gives themselves one they lack.
 */
export function grantable(me: Me | null, target: Pick<Usuario, 'id'> | null): Set<Permissao> {
  if (!me) return new Set();
  const own = target?.id === me.id;
  return new Set(
    PERMISSOES.filter((p) => {
      if (own) return false; // widening one's own: never (removing stays possible)
      if (me.role === 'admin') return true;
      return p !== 'usuarios' && me.permissoes.includes(p);
    }),
  );
}
