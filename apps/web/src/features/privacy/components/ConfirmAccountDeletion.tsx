import { DELETION_TOKEN_PATTERN } from '@baan/contract';
import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import { TriangleAlert } from '../../../components/ui/icons';
import { Link, unprefixedPath, useNavigate } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useConfirmDeletionMutation } from '../api/privacy-api';
import { usePrivacyMessage } from '../lib/use-privacy-message';

/** The token of the e-mailed link: after `#token=` (a fragment never reaches a server or a Referer). */
function tokenOf(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && DELETION_TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * /dashboard/settings/delete-account#token=…: the second confirmation of an account deletion (ADR 023). It asks once
 * more (a mail scanner that opens the link deletes nothing), then the API deletes the account; `onDeleted` ends the
 * session here and leaves the dashboard.
 */
export function ConfirmAccountDeletion({ onDeleted }: { onDeleted: () => void }) {
  const { t } = useTranslation('privacy');
  const headingId = useId();
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  // Read once: the address (and the history) keeps no token once the page has it.
  const [token] = useState(() => tokenOf(hash));
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the first address carries the token.
  useEffect(() => {
    if (hash) navigate(unprefixedPath(pathname), { replace: true });
  }, []);
  const [problem, setProblem] = useState<string | null>(token ? null : t('confirm.noToken'));
  const [confirmDeletion, { isLoading }] = useConfirmDeletionMutation();
  const { failure } = usePrivacyMessage();

  async function confirm() {
    if (!token) return;
    try {
      await confirmDeletion({ token }).unwrap();
      onDeleted();
    } catch (error) {
      setProblem(failure(error));
    }
  }

  return (
    <section aria-labelledby={headingId} className="max-w-2xl rounded-2xl border border-red-200 bg-white p-6">
      <h1 id={headingId} className="flex items-center gap-2 text-2xl font-bold text-red-800">
        <TriangleAlert className="size-6" aria-hidden="true" />
        {t('confirm.title')}
      </h1>
      <p className="mt-3 font-semibold text-slate-900">{t('confirm.lead')}</p>
      <p className="mt-2 text-sm leading-relaxed text-slate-700">{t('deletion.what')}</p>
      {problem ? (
        <div role="alert" className="mt-5 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{problem}</p>
          <Link to="/dashboard/settings" className="mt-2 inline-block font-semibold text-teal-800 underline">
            {t('confirm.backToSettings')}
          </Link>
        </div>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {token && !problem ? (
          <button
            type="button"
            onClick={confirm}
            disabled={isLoading}
            className="rounded-lg bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 disabled:bg-slate-400"
          >
            {isLoading ? t('confirm.deleting') : t('confirm.submit')}
          </button>
        ) : null}
        <Link
          to="/dashboard/settings"
          className="rounded-lg border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t('confirm.keep')}
        </Link>
      </div>
    </section>
  );
}
