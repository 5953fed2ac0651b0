// The registry mirror we install from lacks the other platforms' native binaries (404), so `npm install` writes a
// lock file without their entries and `npm ci` then refuses it. This adds the missing optional platform entries
// (with os/cpu, so npm skips them here) so the lock stays valid for `npm ci`. Run after `npm install`.
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const pkgs = lock.packages;
const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'];
const CPU = {
  arm64: 'arm64',
  x64: 'x64',
  arm: 'arm',
  ia32: 'ia32',
  loong64: 'loong64',
  ppc64: 'ppc64',
  riscv64: 'riscv64',
  s390x: 's390x',
  wasm32: 'wasm32',
  mips64el: 'mips64el',
};
let added = 0;
for (const [path, meta] of Object.entries(pkgs)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const nested = `${path}/node_modules/${name}`;
    if (pkgs[key] || pkgs[nested]) continue;
    const parts = name.split('/').pop().split('-');
    const os = parts.find((p) => OS.includes(p)) ?? (parts.includes('wasm32') ? 'wasi' : null);
    const cpu =
      parts.map((p) => (p === 'gnueabihf' ? null : CPU[p])).find(Boolean) ?? (parts.includes('arm') ? 'arm' : null);
    if (!os && !cpu) continue; // not a platform binary: leave npm's own judgement
    const entry = { version: String(version).replace(/^[\^~]/, ''), optional: true };
    if (meta.dev) entry.dev = true;
    if (os && os !== 'wasi') entry.os = [os];
    if (cpu) entry.cpu = [cpu];
    pkgs[key] = entry;
    added++;
  }
}
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} platform entries`);
