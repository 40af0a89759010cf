/**
 * Where to go after signing in: the `?redirect=` path when it stays on this site, else the home
 * page. Refusing anything but a plain same-site path stops the login page from being used as an
 * open redirect ("//evil.example", "/\evil.example", "https://…", "javascript:…").
 */
export function safeRedirect(requested: string | null | undefined): string {
  if (!requested || !requested.startsWith('/')) return '/';
  if (requested.startsWith('//') || requested.startsWith('/\\')) return '/';
  // Control characters (tabs, newlines) are stripped by URL parsers and can turn "/\t/x" into "//x".
  // eslint-disable-next-line no-control-regex -- matching control characters is the point here
  if (/[\u0000-\u001f\u007f]/.test(requested)) return '/';
  return requested;
}
