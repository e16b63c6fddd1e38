// `npm run desbloquear -- <usuario>`: lifts the sign-in lock of an account (the per-account back-off
// after many wrong passwords, and its per-address counters), for when the owner is locked out and no
// browser of theirs signed in before (a browser that did is exempt: server/auth/dispositivo.ts).
// "joao" means joao@EMAIL_DOMINIO, as on the sign-in screen.
import { openDatabase } from '../src/db/client';
import { resolveEmail } from '../src/server/auth/routes';
import { desbloquearConta } from '../src/server/auth/throttle';
import { refuseOpenPglite } from '../src/server/backups';
import { loadConfig } from '../src/server/config';

process.umask(0o077);
const usuario = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!usuario) {
  console.error('Uso: npm run desbloquear -- <usuario ou e-mail>');
  process.exit(2);
}
const config = loadConfig();
if (!config.databaseUrl) refuseOpenPglite(config.dataDir);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const email = resolveEmail(usuario, config.emailDominio);
  const n = await desbloquearConta(database.db, email);
  console.log(
    n
      ? `[lavra] ${email} desbloqueado: pode entrar com a senha certa agora.`
      : `[lavra] ${email} não estava bloqueado.`,
  );
} catch (err) {
  console.error(`[lavra] ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
