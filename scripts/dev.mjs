// npm run dev: the API server with reload (tsx watch) on API_PORT and Vite's dev server proxying /api and /oidc to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8081';
const vitePort = process.env.PORT ?? '5173';
const env = {
  ...process.env,
  PORT: apiPort,
  API_PORT: apiPort,
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}`,
  STATIC_DIR: '',
};

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', vitePort, '--strictPort'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
