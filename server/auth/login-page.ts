// The built-in provider's own pages: server-rendered, no inline scripts (the CSP forbids them).
const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, body: string, script?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><link rel="stylesheet" href="/oidc-assets/login.css">${script ? `<script src="${script}" defer></script>` : ''}</head>
<body><main class="card"><div class="brand" aria-hidden="true"><span class="dot"></span>Emissions Console</div>${body}</main></body></html>`;
}

export function loginPage(opts: { action: string; email?: string; error?: string }): string {
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p class="muted">Use your organization e-mail and password.</p>
${opts.error ? `<p class="error" role="alert">${escape(opts.error)}</p>` : ''}
<form method="post" action="${escape(opts.action)}" autocomplete="on">
  <label for="email">E-mail</label>
  <input id="email" name="email" type="email" required autofocus autocomplete="username" value="${escape(opts.email ?? '')}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" required autocomplete="current-password">
  <button type="submit">Sign in</button>
</form>`,
  );
}

/** After a temporary password: the user chooses their own (FORCE_CHANGE_PASSWORD, as Cognito's challenge). */
export function newPasswordPage(opts: {
  action: string;
  email: string;
  temporaryPassword: string;
  rule: string;
  error?: string;
}): string {
  return layout(
    'Choose a new password',
    `<h1>Choose a new password</h1>
<p class="muted">Your password was set by an administrator. Choose your own to continue.</p>
${opts.error ? `<p class="error" role="alert">${escape(opts.error)}</p>` : ''}
<form method="post" action="${escape(opts.action)}" autocomplete="off">
  <input type="hidden" name="email" value="${escape(opts.email)}">
  <input type="hidden" name="password" value="${escape(opts.temporaryPassword)}">
  <label for="newPassword">New password</label>
  <input id="newPassword" name="newPassword" type="password" required autofocus autocomplete="new-password" aria-describedby="rule">
  <p id="rule" class="muted">${escape(opts.rule)}</p>
  <label for="confirmPassword">Confirm new password</label>
  <input id="confirmPassword" name="confirmPassword" type="password" required autocomplete="new-password">
  <button type="submit">Set password and sign in</button>
</form>`,
  );
}

export function logoutPage(form: string): string {
  return layout(
    'Signing out',
    `<h1>Signing out…</h1><p class="muted">You are being signed out of the console.</p>${form.replace('<form', '<form id="op.logoutForm"').replace(/<\/form>/, '<button type="submit" name="logout" value="yes">Sign out</button></form>')}`,
    '/oidc-assets/auto-submit.js',
  );
}

export function messagePage(title: string, message: string): string {
  return layout(
    title,
    `<h1>${escape(title)}</h1><p class="muted">${escape(message)}</p><p><a href="/">Back to the console</a></p>`,
  );
}

export const LOGIN_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #eef2f6; color: #1f2937; }
.card { width: min(360px, calc(100vw - 32px)); background: #fff; border-radius: 12px; padding: 28px; box-shadow: 0 8px 30px rgb(15 23 42 / 0.08); }
.brand { display: flex; align-items: center; gap: 8px; font-weight: 600; color: #0f5f73; margin-bottom: 16px; }
.dot { width: 12px; height: 12px; border-radius: 50%; background: #13829b; }
h1 { font-size: 1.4rem; margin: 0 0 4px; }
.muted { color: #4b5563; margin: 0 0 16px; font-size: .9rem; }
label { display: block; font-size: .85rem; font-weight: 600; margin: 12px 0 4px; }
input { box-sizing: border-box; width: 100%; padding: 10px 12px; border: 1px solid #9ca3af; border-radius: 8px; font-size: 1rem; }
input:focus, button:focus { outline: 3px solid #13829b55; outline-offset: 1px; }
button { margin-top: 20px; width: 100%; padding: 10px 12px; border: 0; border-radius: 8px; background: #0f5f73; color: #fff; font-size: 1rem; font-weight: 600; cursor: pointer; }
button:hover { background: #0b4a5a; }
.error { background: #fde8e8; color: #8a1c1c; border-radius: 8px; padding: 8px 12px; font-size: .9rem; }
a { color: #0f5f73; }
`;

/** Submits the logout confirmation without a click, from a same-origin file the CSP allows. */
export const AUTO_SUBMIT_JS = `document.addEventListener('DOMContentLoaded', function () { var f = document.getElementById('op.logoutForm'); if (f) { var i = document.createElement('input'); i.type = 'hidden'; i.name = 'logout'; i.value = 'yes'; f.appendChild(i); f.submit(); } });`;
