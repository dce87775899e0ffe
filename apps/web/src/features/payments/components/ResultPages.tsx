import { CircleCheckBig, PackageCheck } from '../../../components/ui/icons';
import { Link } from '../../../i18n/localized-router';
import { useTranslation } from '../../../i18n/use-translation';
import { useQrReviewTime } from '../hooks/use-review-time';

function ResultCard({
  icon,
  title,
  description,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section className="bg-slate-50">
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
        {icon}
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {description ? <p className="mt-3 text-slate-600">{description}</p> : null}
        <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
      </div>
    </section>
  );
}

const primary = 'rounded-lg bg-teal-700 px-5 py-3 text-sm font-semibold text-white hover:bg-teal-800';
const secondary = 'rounded-lg border border-teal-700 px-5 py-3 text-sm font-semibold text-teal-800 hover:bg-teal-50';

/** /payment-success (spec section 2). */
export function PaymentSuccessPage() {
  const { t } = useTranslation('payments');
  return (
    <ResultCard
      icon={<CircleCheckBig className="size-20 text-teal-600" aria-hidden="true" />}
      title={t('paymentSuccess.title')}
      description={t('paymentSuccess.description')}
    >
      <Link to="/dashboard" className={primary}>
        {t('paymentSuccess.goToDashboard')}
      </Link>
      <Link to="/" className={secondary}>
        {t('paymentSuccess.viewProperty')}
      </Link>
    </ResultCard>
  );
}

/** /order-success: shown after a PromptPay receipt is sent, while the payment waits for review. */
export function OrderSuccessPage() {
  const { t } = useTranslation('payments');
  const reviewTime = useQrReviewTime();
  return (
    <ResultCard
      icon={<PackageCheck className="size-20 text-teal-600" aria-hidden="true" />}
      title={t('orderSuccess.title')}
      description={`${t('orderSuccess.description')} ${reviewTime}`}
    >
      <Link to="/dashboard" className={primary}>
        {t('paymentSuccess.goToDashboard')}
      </Link>
      <Link to="/" className={secondary}>
        {t('orderSuccess.home')}
      </Link>
    </ResultCard>
  );
}
