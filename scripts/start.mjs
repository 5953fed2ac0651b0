// npm start: build the client and the wasm when the sources are newer than the build, then run the server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const sources = ['src', 'workers', 'asm/assembly', 'public', 'index.html', 'vite.config.ts', 'package.json'];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!existsSync(full)) return 0;
  const st = statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = Math.min(
  existsSync(path.join(root, 'dist/index.html')) ? statSync(path.join(root, 'dist/index.html')).mtimeMs : 0,
  existsSync(path.join(root, 'asm/build/core.wasm')) ? statSync(path.join(root, 'asm/build/core.wasm')).mtimeMs : 0,
);
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the client and the wasm core…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
