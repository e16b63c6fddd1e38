import { ChevronDown, LogOut, Menu, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../components/ui/button';
import { cn } from '../lib/utils';
import { displayName, useAuth } from './auth';
import { LiveUpdates } from './live-updates';
import { MENU } from './navigation';

/**
 * The menu's entries, scrolling when they outgrow the window (21 of them need ≈ 940 px; a 1366 × 768
 * laptop shows 768): a fade and a "Mais" button at its foot say that more entries are below, and
 * scroll to them; both go once the end is in view. Compacting instead would stop fitting again with
 * the next entry, and a smaller type would not suit the menu's reading on a phone. The current entry
 * is scrolled into view on arrival.
 */
function MenuRolavel({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const [maisAbaixo, setMaisAbaixo] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    const nav = ref.current;
    if (!nav) return;
    const medir = () => setMaisAbaixo(nav.scrollTop + nav.clientHeight < nav.scrollHeight - 4);
    medir();
    nav.addEventListener('scroll', medir, { passive: true });
    const ro = new ResizeObserver(medir);
    ro.observe(nav);
    return () => {
      nav.removeEventListener('scroll', medir);
      ro.disconnect();
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on each route change on purpose
  useEffect(() => {
    ref.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <nav ref={ref} aria-label="Menu principal" className="min-h-0 flex-1 overflow-y-auto px-3 pb-2">
        {children}
      </nav>
      {maisAbaixo && (
        <div className="pointer-events-none absolute inset-x-0 bottom-0 flex justify-center bg-gradient-to-t from-slate-900 via-slate-900/90 to-transparent pt-8 pb-1">
          <button
            type="button"
            aria-label="Mais opções do menu abaixo"
            className="pointer-events-auto flex items-center gap-1 rounded-full bg-slate-800 px-3 py-1 text-xs font-medium text-slate-200 shadow hover:bg-slate-700 hover:text-white"
            onClick={() => ref.current?.scrollBy({ top: ref.current.clientHeight * 0.8, behavior: 'smooth' })}
          >
            <ChevronDown aria-hidden className="size-3.5" />
            Mais
          </button>
        </div>
      )}
    </div>
  );
}

function Sidebar({ onNavigate }: { onNavigate?: () => void }) {
  const { me, can, logout } = useAuth();
  const { pathname } = useLocation();
  const name = displayName(me);
  const isCurrent = (path: string) =>
    path === '/' ? pathname === '/' || pathname === '/dashboard' : pathname.startsWith(path);

  return (
    <div className="flex h-full flex-col bg-slate-900 text-slate-100">
      <div className="flex items-center gap-2 px-5 py-5">
        <img src="/favicon.svg" alt="" className="size-8" />
        <div>
          <p className="text-lg font-bold leading-none">Lavra</p>
          <p className="text-xs text-slate-400">Gestão de Marmoraria</p>
        </div>
      </div>
      <MenuRolavel>
        <ul className="flex flex-col gap-0.5">
          {MENU.filter((m) =>
            m.funcionario
              ? !!me?.funcionario_id
              : can(m.permission) && (!m.adminOnly || me?.role === 'admin'),
          ).map((m) => (
            <li key={m.label}>
              <NavLink
                to={m.path}
                onClick={onNavigate}
                aria-current={isCurrent(m.path) ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-300 hover:bg-slate-800 hover:text-white',
                  isCurrent(m.path) && 'bg-slate-700 text-white',
                )}
              >
                <m.icon aria-hidden className="size-4" />
                {m.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </MenuRolavel>
      <div className="border-t border-slate-800 p-4">
        <div className="mb-3 flex items-center gap-3">
          <span
            aria-hidden
            className="flex size-9 items-center justify-center rounded-full bg-slate-700 font-semibold uppercase"
          >
            {name.charAt(0)}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium" data-testid="usuario-nome">
              {name}
            </p>
            <p className="text-xs text-slate-400" data-testid="usuario-papel">
              {me?.role === 'admin' ? 'Administrador' : 'Usuário'}
            </p>
          </div>
        </div>
        <Button
          variant="ghost"
          className="w-full justify-start text-slate-200 hover:bg-slate-800 hover:text-white"
          onClick={async () => {
            try {
              await logout();
              toast.success('Logout realizado com sucesso!');
            } catch (err) {
              toast.error('Erro no logout', { description: (err as Error).message });
            }
            window.history.replaceState(null, '', '/');
          }}
        >
          <LogOut />
          Sair
        </Button>
      </div>
    </div>
  );
}

export function Layout() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const { refresh } = useAuth();

  // Permissions are re-read on navigation, so a grant made by an administrator shows up at once —
  // but not on the first render: the user was read a moment ago, and asking again at once made every
  // first load read it twice.
  const firstRoute = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each route change on purpose
  useEffect(() => {
    if (firstRoute.current) firstRoute.current = false;
    else refresh();
    setOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="flex min-h-dvh">
      <LiveUpdates />
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 lg:block">
        <Sidebar />
      </aside>
      {open && (
        <div className="fixed inset-0 z-40 lg:hidden">
          <button
            type="button"
            aria-label="Fechar menu"
            className="absolute inset-0 bg-black/50"
            data-testid="menu-overlay"
            onClick={() => setOpen(false)}
          />
          <aside className="absolute inset-y-0 left-0 w-72 max-w-[85vw] shadow-xl" aria-label="Menu">
            <Sidebar onNavigate={() => setOpen(false)} />
            <button
              type="button"
              aria-label="Fechar menu"
              className="absolute right-2 top-4 rounded p-2 text-slate-300 hover:text-white"
              onClick={() => setOpen(false)}
            >
              <X className="size-5" />
            </button>
          </aside>
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex items-center gap-3 border-b bg-card px-4 py-3 lg:hidden">
          <Button variant="outline" size="icon" aria-label="Abrir menu" onClick={() => setOpen(true)}>
            <Menu />
          </Button>
          <span className="font-semibold">Lavra</span>
        </header>
        <main className="mx-auto w-full max-w-7xl flex-1 p-4 md:p-6 lg:p-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
