import { useState } from 'react';
import { toast } from 'sonner';
import { useAuth } from '../../app/auth';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { ApiError } from '../../lib/api';

export default function LoginPage() {
  const { login } = useAuth();
  const [usuario, setUsuario] = useState('');
  const [senha, setSenha] = useState('');
  const [busy, setBusy] = useState(false);
  const [erro, setErro] = useState<string | null>(null);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setErro(null);
    try {
      await login(usuario, senha);
      toast.success('Login realizado com sucesso!', { description: 'Bem-vindo ao Lavra.' });
    } catch (err) {
      const msg = err instanceof ApiError ? err.detail : 'Não foi possível entrar. Tente novamente.';
      setErro(msg);
      toast.error('Erro no login', { description: msg });
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-100 p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <img src="/favicon.svg" alt="Lavra" className="mb-2 size-14" />
          <CardTitle className="text-2xl">Lavra</CardTitle>
          <CardDescription>Entre para acessar o sistema de gestão da marmoraria</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="flex flex-col gap-4">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="usuario">Usuário</Label>
              <Input
                id="usuario"
                name="usuario"
                autoComplete="username"
                placeholder="Digite seu usuário"
                required
                autoFocus
                value={usuario}
                onChange={(e) => setUsuario(e.target.value)}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="senha">Senha</Label>
              <Input
                id="senha"
                name="senha"
                type="password"
                autoComplete="current-password"
                required
                value={senha}
                onChange={(e) => setSenha(e.target.value)}
              />
            </div>
            {erro && (
              <p role="alert" className="text-sm font-medium text-destructive">
                {erro}
              </p>
            )}
            <Button type="submit" disabled={busy} className="w-full">
              {busy ? 'Entrando...' : 'Entrar'}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
