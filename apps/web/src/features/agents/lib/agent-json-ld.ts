import type { AgentProfile, Language } from '@baan/contract';

/**
 * schema.org for an agent's page: a RealEstateAgent with its name, photo, company, languages, areas served and the
 * listings on this page as its offers. Never an e-mail address or a phone number (the page has neither).
 */
export function agentJsonLd({
  agent,
  url,
  publicUrl,
  languageName,
  listingUrls,
}: {
  agent: AgentProfile;
  url: string;
  publicUrl: string;
  languageName: (code: Language) => string;
  listingUrls: string[];
}): object {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    '@id': url,
    url,
    name: agent.name,
    ...(agent.company_name ? { parentOrganization: { '@type': 'Organization', name: agent.company_name } } : {}),
    ...(agent.profile_image ? { image: absolute(agent.profile_image) } : {}),
    ...(agent.about ? { description: agent.about } : {}),
    ...(agent.languages.length > 0 ? { knowsLanguage: agent.languages.map(languageName) } : {}),
    ...(agent.areas.length > 0 ? { areaServed: agent.areas.map((name) => ({ '@type': 'Place', name })) } : {}),
    ...(agent.licence_number && agent.licence_verified === 1
      ? { identifier: { '@type': 'PropertyValue', name: 'licence', value: agent.licence_number } }
      : {}),
    ...(listingUrls.length > 0
      ? {
          makesOffer: listingUrls.map((listingUrl) => ({
            '@type': 'Offer',
            url: listingUrl,
          })),
        }
      : {}),
  };
}
