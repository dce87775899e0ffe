/** A Redis URL without its user name and password, for log lines. */
export function redactRedisUrl(value: string): string {
  const url = new URL(value);
  url.username = '';
  url.password = '';
  return url.toString();
}
