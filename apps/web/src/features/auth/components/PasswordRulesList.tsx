import { passwordRules } from '@baan/contract';
import { Check, X } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';

/** The rules every new password meets (the contract's PASSWORD_RULES, which the API enforces), ticked as they are met. */
export function PasswordRulesList({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth');
  return (
    <div id={id} className="rounded-lg bg-slate-50 p-3 text-sm">
      <p className="font-medium text-slate-700">{t('setPassword.rulesTitle')}</p>
      <ul className="mt-2 space-y-1">
        {passwordRules(password).map((rule) => (
          <li key={rule.key} className={`flex items-center gap-2 ${rule.isMet ? 'text-teal-800' : 'text-slate-600'}`}>
            {rule.isMet ? (
              <Check className="size-4 shrink-0" aria-hidden="true" />
            ) : (
              <X className="size-4 shrink-0" aria-hidden="true" />
            )}
            {t(`setPassword.${rule.key}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
