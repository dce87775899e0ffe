/** The sprite file's path (src/components/ui/icon-sprite.svg). */
export const SPRITE: string;
/** The lucide names icons.tsx draws, each once, sorted. */
export function iconNames(source?: string): string[];
/** The sprite's text for those names. */
export function iconSprite(names?: string[]): Promise<string>;
