// npm start: build the client and the wasm when the sources are newer than the build, then run the server.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
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
// The wasm core is built first (the seed uses it); the client is built while the server migrates and seeds, which
// takes longer, and the server mounts it once the build is done (it waits for the message below before listening).
let clientBuild = null;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the wasm core…');
  const asm = spawnSync('npm', ['run', 'build:asm'], { cwd: root, stdio: 'inherit' });
  if (asm.status !== 0) process.exit(asm.status ?? 1);
  console.log('Building the client while the server starts…');
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
  clientBuild = spawn(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
}

const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: clientBuild ? { ...process.env, CLIENT_BUILD_PENDING: '1' } : process.env,
});
clientBuild?.on('exit', (code) => {
  if (code === 0) {
    server.send({ clientBuilt: true });
    return;
  }
  console.error(`The client build failed (exit code ${code}).`);
  server.kill('SIGTERM');
  process.exitCode = code ?? 1;
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    clientBuild?.kill(signal);
    server.kill(signal);
  });
server.on('exit', (code) => process.exit(process.exitCode ?? code ?? 0));
