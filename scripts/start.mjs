// npm start: build the client and the wasm when the sources are newer than the build, then run the server.
import { spawn } from 'node:child_process';
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
// The wasm core is built while the server opens and migrates its database, and before the seed, which uses it; the
// client (which bundles the wasm) is built after it, while the server seeds, and the server mounts it once the build
// is done. The server waits for the messages below before seeding and before listening.
const stale = builtAt < Math.max(...sources.map(newestMtime));
let asm = null;
let clientBuild = null;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: stale ? { ...process.env, ASM_BUILD_PENDING: '1', CLIENT_BUILD_PENDING: '1' } : process.env,
});
if (stale) {
  console.log('Building the wasm core while the server starts…');
  asm = spawn('npm', ['run', 'build:asm'], { cwd: root, stdio: 'inherit' });
  asm.on('exit', (code) => {
    if (code !== 0) {
      console.error(`The wasm build failed (exit code ${code}).`);
      server.kill('SIGTERM');
      process.exitCode = code ?? 1;
      return;
    }
    server.send({ asmBuilt: true });
    console.log('Building the client while the server seeds…');
    const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin/vite.js');
    clientBuild = spawn(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
    clientBuild.on('exit', (code) => {
      if (code === 0) {
        server.send({ clientBuilt: true });
        return;
      }
      console.error(`The client build failed (exit code ${code}).`);
      server.kill('SIGTERM');
      process.exitCode = code ?? 1;
    });
  });
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    asm?.kill(signal);
    clientBuild?.kill(signal);
    server.kill(signal);
  });
server.on('exit', (code) => process.exit(process.exitCode ?? code ?? 0));
