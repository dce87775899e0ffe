import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { useTranslation } from '../../../i18n/use-translation';
import { toast } from '../../../lib/toast';
import { useErrorMessage } from '../lib/use-error-message';

/** Runs an admin action: its success message as a toast, or the failure, translated, as an error toast. */
export function useToastAction(): (perform: () => Promise<string>) => Promise<void> {
  const errorMessage = useErrorMessage();
  return useCallback(
    async (perform: () => Promise<string>) => {
      try {
        toast.success(await perform());
      } catch (failure) {
        toast.error(errorMessage(failure));
      }
    },
    [errorMessage],
  );
}

interface ConfirmText {
  title: string;
  message: string;
  confirmLabel: string;
}

/**
 * An action that asks first: `ask(target)` opens the confirmation (render `dialog`), confirming runs `perform` with a
 * toast either way, then the dialog closes.
 */
export function useConfirmAction<T>({
  describe,
  perform,
  isBusy,
}: {
  describe: (target: T) => ConfirmText;
  /** Does the action and returns the success message. */
  perform: (target: T) => Promise<string>;
  isBusy: boolean;
}) {
  const { t } = useTranslation('admin');
  const run = useToastAction();
  const [target, setTarget] = useState<{ value: T } | null>(null);

  const confirm = async () => {
    if (!target) return;
    await run(() => perform(target.value));
    setTarget(null);
  };

  const dialog = target ? (
    <ConfirmDialog
      {...describe(target.value)}
      cancelLabel={t('common.cancel')}
      isBusy={isBusy}
      onConfirm={() => void confirm()}
      onCancel={() => setTarget(null)}
    />
  ) : null;

  return { ask: (value: T) => setTarget({ value }), dialog };
}
