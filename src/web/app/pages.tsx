import { ShieldX, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useRouteError } from 'react-router';
import { HOME_ORDER, type Permissao } from '../../schemas/permissoes';
import { Button } from '../components/ui/button';
import { Loading } from '../components/ui/states';
import { useAuth } from './auth';
import { HOME_PATHS } from './navigation';

export function LoadingScreen() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Loading text="Carregando..." />
    </div>
  );
}

export function AccessDenied() {
  return (
    <div className="flex flex-col items-center justify-center gap-3 py-20 text-center">
      <ShieldX aria-hidden className="size-12 text-destructive" />
      <h1 className="text-2xl font-bold">Acesso Negado</h1>
      <p className="text-muted-foreground">Você não tem permissão para acessar esta página.</p>
    </div>
  );
}

/** Shows its child routes only to holders of the permission (the server checks it again). */
export function Guard({ permission }: { permission: Permissao }) {
  const { can } = useAuth();
  return can(permission) ? <Outlet /> : <AccessDenied />;
}

export function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => console.error('404: rota inexistente', pathname), [pathname]);
  return (
    <div className="flex flex-col items-center justify-center gap-4 py-20 text-center">
      <h1 className="text-4xl font-bold">404</h1>
      <p className="text-xl text-muted-foreground">Oops! Page not found</p>
      <Link to="/" className="text-primary underline underline-offset-4">
        Voltar para o início
      </Link>
    </div>
  );
}

/**
 * "/": the dashboard for holders of `dashboard` (the menu's Dashboard entry points here); anyone else
 * is sent, replacing history, to the first screen they may open in the spec's order.
 */
export function Home({ dashboard }: { dashboard: React.ReactNode }) {
  const { me } = useAuth();
  if (me?.permissoes.includes('dashboard')) return <>{dashboard}</>;
  const first = HOME_ORDER.find((p) => me?.permissoes.includes(p));
  // An installer's home is their day's jobs.
  if (me?.funcionario_id && (!first || first === 'producao')) return <Navigate to="/minha-agenda" replace />;
  if (!first) {
    console.error('Usuário sem nenhuma permissão de acesso');
    return <AccessDenied />;
  }
  return <Navigate to={HOME_PATHS[first]} replace />;
}

/** A screen's code that did not arrive (a dropped connection, or a new version replaced the old files). */
const faltouCodigo = (err: unknown) =>
  err instanceof Error &&
  /dynamically imported module|Importing a module script failed|Unable to preload/i.test(err.message);

/**
 * What a screen shows when it fails to load or to draw, in Portuguese and inside the shell (menu
 * still there), instead of the router's blank English page. Reloading fetches the screen again.
 */
export function RouteError() {
  const err = useRouteError();
  useEffect(() => console.error('Erro ao abrir a tela', err), [err]);
  return (
    <div role="alert" className="flex flex-col items-center justify-center gap-3 py-20 text-center">
      <TriangleAlert aria-hidden className="size-12 text-amber-600" />
      <h1 className="text-2xl font-bold">Não foi possível abrir esta tela</h1>
      <p className="max-w-md text-muted-foreground">
        {faltouCodigo(err)
          ? 'A conexão falhou ao carregar a tela ou o Lavra foi atualizado. Recarregue a página.'
          : 'Ocorreu um erro inesperado. Recarregue a página; se continuar, avise o administrador.'}
      </p>
      <div className="flex gap-2">
        <Button onClick={() => window.location.reload()}>Recarregar</Button>
        <Button variant="outline" asChild>
          <Link to="/">Voltar para o início</Link>
        </Button>
      </div>
    </div>
  );
}
