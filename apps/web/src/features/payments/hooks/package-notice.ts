/** Navigation state for /select-package when a page needed an active package: the page then says so. */
export const NEEDS_PACKAGE = { notice: 'needPackage' } as const;

export function isNeedsPackage(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'notice' in state && state.notice === NEEDS_PACKAGE.notice;
}
