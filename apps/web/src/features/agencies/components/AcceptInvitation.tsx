import type { AgencyRef } from '@baan/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BadgeCheck, TriangleAlert } from '../../../components/ui/icons';
import { Link, unprefixedPath, useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useAcceptInvitationMutation } from '../api/agencies-api';
import { agencyMessageKey, invitationToken } from '../lib/agency-messages';

type Outcome = { kind: 'joined'; agency: AgencyRef } | { kind: 'problem'; key: string } | { kind: 'working' };

/**
 * /dashboard/agency/join#token=…: the invitation mail's link (ADR 037). The dashboard has already asked the person to
 * log in; the page accepts once, drops the token from the address, and says what happened.
 */
export function AcceptInvitation() {
  const { t } = useTranslation('agencies');
  const headingId = useId();
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const [token] = useState(() => invitationToken(hash));
  const [outcome, setOutcome] = useState<Outcome>(
    token ? { kind: 'working' } : { kind: 'problem', key: 'join.noToken' },
  );
  const [accept] = useAcceptInvitationMutation();
  const started = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, with the first address's token.
  useEffect(() => {
    if (hash) navigate(unprefixedPath(pathname), { replace: true });
    if (!token || started.current) return;
    started.current = true;
    accept({ token })
      .unwrap()
      .then((agency) => setOutcome({ kind: 'joined', agency }))
      .catch((error: unknown) => setOutcome({ kind: 'problem', key: agencyMessageKey(error) }));
  }, []);

  return (
    <section aria-labelledby={headingId} className="max-w-2xl rounded-2xl border border-slate-200 bg-white p-6">
      <h1 id={headingId} className="text-2xl font-bold text-slate-900">
        {t('join.title')}
      </h1>
      {outcome.kind === 'working' ? (
        <p role="status" className="mt-3 text-slate-700">
          {t('join.joining')}
        </p>
      ) : null}
      {outcome.kind === 'joined' ? (
        <div role="status" className="mt-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-emerald-900">
          <p className="flex items-center gap-2 font-semibold">
            <BadgeCheck className="size-5" aria-hidden="true" />
            {t('join.joined', { name: outcome.agency.name })}
          </p>
          <Link
            to={`/agency/${outcome.agency.slug}`}
            className="mt-2 inline-block font-semibold text-teal-800 underline"
          >
            {t('join.open')}
          </Link>
        </div>
      ) : null}
      {outcome.kind === 'problem' ? (
        <div role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
          <p className="flex items-start gap-2">
            <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            {t(outcome.key, { min: 2, max: 120 })}
          </p>
        </div>
      ) : null}
      <Link to="/dashboard/settings" className="mt-6 inline-block font-semibold text-teal-800 underline">
        {t('join.toSettings')}
      </Link>
    </section>
  );
}
