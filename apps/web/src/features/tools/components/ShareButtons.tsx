import { useState } from 'react';
import { Copy, Send, Share2 } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';
import { useHydrated } from '../../../lib/use-hydrated';

/** LINE's share page for a URL (opens LINE on phones, LINE's web share elsewhere). */
export function lineShareUrl(url: string): string {
  return `https://social-plugins.line.me/lineit/share?url=${encodeURIComponent(url)}`;
}

/** Whether this browser has a native share sheet (phones, some desktops). */
function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

const button =
  'inline-flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50';

/**
 * Share a listing: copy its link, send it on LINE, or (where the device has one) the native share sheet. `url` is the
 * page's canonical address, so the server can render the LINE link too.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t } = useTranslation('tools');
  const hydrated = useHydrated();
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(url);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }

  async function share() {
    try {
      await navigator.share({ title, url });
    } catch {
      // Cancelled by the visitor, or refused: nothing to say.
    }
  }

  return (
    <section aria-labelledby="share-listing" className="flex flex-col gap-2">
      <h2 id="share-listing" className="text-sm font-semibold text-slate-700">
        {t('share.title')}
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" onClick={() => void copy()} className={button}>
          <Copy className="size-4" aria-hidden="true" />
          {t('share.copy')}
        </button>
        <a
          href={lineShareUrl(url)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('share.lineLabel')}
          className={`${button} border-[#06C755] text-[#035c28] hover:bg-green-50`}
        >
          <Send className="size-4" aria-hidden="true" />
          {t('share.line')}
        </a>
        {hydrated && canShareNatively() ? (
          <button type="button" onClick={() => void share()} className={button}>
            <Share2 className="size-4" aria-hidden="true" />
            {t('share.native')}
          </button>
        ) : null}
      </div>
      <p role="status" className={`text-sm ${copyState === 'failed' ? 'text-red-700' : 'text-teal-800'}`}>
        {copyState === 'copied' ? t('share.copied') : copyState === 'failed' ? t('share.copyFailed') : ''}
      </p>
    </section>
  );
}
