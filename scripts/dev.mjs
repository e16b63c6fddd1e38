// `npm run dev`: the API (restarting on change) and Vite with HMR, which proxies /api to it.
import { spawn } from 'node:child_process';

const api = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS ?? 'http://localhost:5173' },
});
const web = spawn('npx', ['vite'], { stdio: 'inherit' });
const stop = () => {
  api.kill();
  web.kill();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', stop);
web.on('exit', stop);
