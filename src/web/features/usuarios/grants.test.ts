import { describe, expect, it } from 'vitest';
import type { Me } from '../../../schemas/auth';
import { PERMISSOES } from '../../../schemas/permissoes';
import { grantable } from './grants';

const me = (over: Partial<Me>): Me => ({
  id: 'eu',
  nome: 'Eu',
  email: 'eu@lavra.test',
  role: 'usuario',
  status: 'ativo',
  permissoes: [],
  ...over,
});

describe('grantable', () => {
  it('an administrator may give any permission to someone else', () => {
    expect([...grantable(me({ role: 'admin' }), { id: 'outro' })]).toEqual([...PERMISSOES]);
  });

  it('a usuarios holder gives only what it holds, never usuarios', () => {
    const g = me({ permissoes: ['usuarios', 'clientes', 'dashboard'] });
    expect([...grantable(g, { id: 'outro' })].sort()).toEqual(['clientes', 'dashboard']);
    expect([...grantable(g, null)].sort()).toEqual(['clientes', 'dashboard']);
  });

  it('nobody may give themselves anything', () => {
    expect(grantable(me({ role: 'admin', permissoes: ['usuarios'] }), { id: 'eu' }).size).toBe(0);
  });
});
