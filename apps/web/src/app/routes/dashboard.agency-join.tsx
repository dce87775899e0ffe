import { AcceptInvitation } from '../../features/agencies/components/AcceptInvitation';

export const handle = { i18n: ['dashboard', 'agencies'] };

/** /dashboard/agency/join#token=…: the agency invitation mail's link, accepted by the signed-in invitee (ADR 037). */
export default function JoinAgency() {
  return <AcceptInvitation />;
}
