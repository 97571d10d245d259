import type { ConsoleKind } from '#libs/application';

/** A resource's console page (or, when its kind is not known, the search that finds it). */
export function resourcePath(kind: ConsoleKind | undefined, id: string): string {
  return kind === undefined
    ? `/console/find?q=${encodeURIComponent(id)}`
    : `/console/resources/${kind}/${encodeURIComponent(id)}`;
}

/** Where an action's form may send the operator back to: a console page, nothing else. */
export function backPath(value: string | undefined, fallback: string): string {
  if (value === undefined || !/^\/console(\/[A-Za-z0-9._~:%@!$&'()*+,;=-]*)*$/.test(value)) return fallback;
  return value;
}

/** `path` with `?done=<notice>` (or `&done=` when it has a query). */
export function withNotice(path: string, notice: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}done=${notice}`;
}
