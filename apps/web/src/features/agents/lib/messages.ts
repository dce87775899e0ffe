import { AGENT_MESSAGES } from '@baan/contract';

/** The API's public-profile messages (contract agents.ts) by their text, as keys under agents:settings.errors. */
const KEY_OF = new Map<string, string>(Object.entries(AGENT_MESSAGES).map(([key, text]) => [text, key]));

/** The translation key of one of the API's messages, or undefined for a message it does not know. */
export function agentMessageKey(message: string | undefined): string | undefined {
  return message ? KEY_OF.get(message) : undefined;
}
