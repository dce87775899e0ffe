import { InquiriesPage } from '../../features/contact/components/InquiriesPage';
import { useGetUserPropertiesQuery } from '../../features/my-properties/api/my-properties-api';

export const handle = { i18n: ['dashboard', 'auth', 'contact', 'payments'] };

/** /dashboard/inquiries: the owner's inquiries; the filter lists the owner's listings (my-properties feature). */
export default function Inquiries() {
  const { data } = useGetUserPropertiesQuery();
  return <InquiriesPage listings={data ?? []} />;
}
