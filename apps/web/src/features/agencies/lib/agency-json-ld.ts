import type { AgencyProfile } from '@baan/contract';

/**
 * schema.org for an agency's page: a RealEstateAgent (an Organization) with its name, logo and description, and the
 * agents with a public page as its members. Never an e-mail address or a phone number (the page has neither).
 */
export function agencyJsonLd({
  agency,
  url,
  publicUrl,
  agentUrl,
}: {
  agency: AgencyProfile;
  url: string;
  publicUrl: string;
  agentUrl: (slug: string) => string;
}): object {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    '@id': url,
    url,
    name: agency.name,
    ...(agency.logo ? { logo: absolute(agency.logo), image: absolute(agency.logo) } : {}),
    ...(agency.about ? { description: agency.about } : {}),
    ...(agency.agents.length > 0
      ? {
          member: agency.agents.map((agent) => ({
            '@type': 'RealEstateAgent',
            name: agent.name,
            url: agentUrl(agent.slug),
          })),
        }
      : {}),
  };
}
