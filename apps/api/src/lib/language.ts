import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@baan/contract';
import type { FastifyRequest } from 'fastify';

/** The interface language the SPA sent (Accept-Language carries the app's own code first). */
export function requestLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  const first = typeof header === 'string' ? header.split(',')[0]?.split(';')[0]?.trim() : undefined;
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}

/** The SPA's language when the request names one of ours first, else undefined (keep what we have). */
export function explicitLanguage(request: FastifyRequest): Language | undefined {
  const header = request.headers['accept-language'];
  const first = typeof header === 'string' ? header.split(',')[0]?.split(';')[0]?.trim() : undefined;
  return isLanguage(first) ? first : undefined;
}
