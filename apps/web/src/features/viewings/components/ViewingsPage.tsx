import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { ViewingHoursEditor } from './ViewingHoursEditor';
import { MyViewingRequests, UpcomingViewings, ViewingRequestsList } from './ViewingRequestsList';

/**
 * /dashboard/viewings (the owner's viewing mail links here): the weekly hours, the requests waiting for an answer and
 * the confirmed viewings ahead, and the signed-in visitor's own requests still waiting. What the last answer did is said once, above the lists.
 */
export function ViewingsPage() {
  const { t } = useTranslation('viewings');
  const [notice, setNotice] = useState('');
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{t('page.title')}</h1>
        <p className="mt-1 text-slate-700">{t('page.lead')}</p>
      </div>
      <p
        role="status"
        className={notice ? 'rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900' : 'sr-only'}
      >
        {notice}
      </p>
      <ViewingRequestsList onDone={setNotice} />
      <UpcomingViewings onDone={setNotice} />
      <MyViewingRequests />
      <ViewingHoursEditor />
    </div>
  );
}
