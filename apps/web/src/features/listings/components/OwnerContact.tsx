import type { ContactChannel, Property } from '@baan/contract';
import { useEffect, useRef, useState } from 'react';
import { BadgeCheck, Mail, MessageCircle, MessageSquareText, Phone } from '../../../components/ui/icons';
import { useTranslation } from '../../../i18n/use-translation';

type Owner = NonNullable<Property['owner']>;

/**
 * Opens a chat with a LINE ID in the LINE app (or LINE's page where it is not installed): an official account's id
 * (`@…`) goes as it is, a personal one after `~`.
 */
export function lineChatUrl(lineId: string): string {
  return lineId.startsWith('@')
    ? `https://line.me/R/ti/p/${encodeURIComponent(lineId)}`
    : `https://line.me/ti/p/~${encodeURIComponent(lineId)}`;
}

/** The number to dial: its digits and a leading +. */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Where the "Inquire" of the contact bar leads: the inquiry form beside the description. */
export const INQUIRY_ANCHOR = 'listing-inquiry';

const solid =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-teal-700 px-5 py-3 text-sm font-semibold text-white hover:bg-teal-800';
const outline = (tone: 'teal' | 'green') =>
  `inline-flex items-center justify-center gap-2 rounded-lg border px-5 py-3 text-sm font-semibold ${
    tone === 'teal'
      ? 'border-teal-700 text-teal-800 hover:bg-teal-50'
      : 'border-green-700 text-green-800 hover:bg-green-50'
  }`;

/** A button that gives way to what it reveals, keeping keyboard focus on it (the button itself is gone). */
function useReveal() {
  const [isShown, setIsShown] = useState(false);
  const shown = useRef<HTMLAnchorElement & HTMLParagraphElement>(null);
  const wasClicked = useRef(false);
  useEffect(() => {
    if (isShown && wasClicked.current) shown.current?.focus();
  }, [isShown]);
  const reveal = () => {
    wasClicked.current = true;
    setIsShown(true);
  };
  return { isShown, reveal, shown };
}

/**
 * The owner's contact actions on a listing page: the phone number and the LINE ID are shown on request (the tap
 * counts as a contact click for the owner's statistics, as calling or writing does), e-mail, and a chat on LINE.
 * Without JavaScript the number shows as a link to call it and the ID as text, and the buttons are hidden.
 */
export function OwnerContact({
  owner,
  title,
  onContact,
}: {
  owner: Owner;
  title: string;
  onContact?: (channel: ContactChannel) => void;
}) {
  const { t } = useTranslation('listings');
  const phone = useReveal();
  const line = useReveal();
  return (
    <div className="space-y-3">
      {/* Without JavaScript the reveal buttons cannot work: they are not shown, the number and ID are (below). */}
      <noscript>
        <style>{'[data-needs-js]{display:none}'}</style>
      </noscript>
      <div className="flex flex-wrap gap-3">
        {owner.phone_number ? (
          phone.isShown ? (
            <a
              ref={phone.shown}
              href={telHref(owner.phone_number)}
              aria-label={t('detail.callNumber', { number: owner.phone_number })}
              className={`${solid} tabular-nums`}
            >
              <Phone className="size-4" aria-hidden="true" />
              {owner.phone_number}
            </a>
          ) : (
            <>
              <button
                type="button"
                onClick={() => {
                  phone.reveal();
                  onContact?.('phone');
                }}
                data-needs-js=""
                className={solid}
              >
                <Phone className="size-4" aria-hidden="true" />
                {t('detail.showPhone')}
              </button>
              <noscript>
                <a href={telHref(owner.phone_number)} className={`${solid} tabular-nums`}>
                  {t('detail.callNumber', { number: owner.phone_number })}
                </a>
              </noscript>
            </>
          )
        ) : null}
        {owner.email ? (
          <a
            href={`mailto:${owner.email}?subject=${encodeURIComponent(title)}`}
            onClick={() => onContact?.('email')}
            className={outline('teal')}
          >
            <Mail className="size-4" aria-hidden="true" />
            {t('detail.email')}
          </a>
        ) : null}
        {owner.line_id ? (
          <a
            href={lineChatUrl(owner.line_id)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => onContact?.('line')}
            className={outline('green')}
          >
            <MessageCircle className="size-4" aria-hidden="true" />
            {t('detail.line')}
          </a>
        ) : null}
      </div>
      {owner.phone_number && owner.phone_verified === 1 ? (
        <p className="flex items-center gap-1 text-sm font-semibold text-emerald-800">
          <BadgeCheck className="size-4" aria-hidden="true" />
          {t('detail.phoneVerified')}
        </p>
      ) : null}
      {owner.line_id ? (
        line.isShown ? (
          <p ref={line.shown} tabIndex={-1} className="text-sm text-slate-800">
            {t('detail.lineIdLabel')} <span className="font-semibold select-all">{owner.line_id}</span>
          </p>
        ) : (
          <>
            <button
              type="button"
              onClick={() => {
                line.reveal();
                onContact?.('line');
              }}
              data-needs-js=""
              className="text-sm font-semibold text-green-800 underline underline-offset-2 hover:text-green-900"
            >
              {t('detail.showLine')}
            </button>
            <noscript>
              <p className="text-sm text-slate-800">
                {t('detail.lineIdLabel')} <span className="font-semibold">{owner.line_id}</span>
              </p>
            </noscript>
          </>
        )
      ) : null}
    </div>
  );
}

/**
 * On phones (below 768 px), a bar fixed at the bottom of the listing page: call, chat on LINE and write an inquiry,
 * each one tap away. The page is padded by the bar's height while it shows (index.css), so it covers no content.
 */
export function ContactBar({ owner, onContact }: { owner: Owner; onContact?: (channel: ContactChannel) => void }) {
  const { t } = useTranslation('listings');
  const item =
    'flex h-12 min-w-0 items-center justify-center gap-2 rounded-lg px-2 text-sm font-semibold whitespace-nowrap';
  return (
    <nav
      aria-label={t('detail.contactBar')}
      data-contact-bar=""
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-3 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(15_23_42/0.08)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto flex max-w-xl gap-2">
        {owner.phone_number ? (
          <li className="flex-1">
            <a
              href={telHref(owner.phone_number)}
              onClick={() => onContact?.('phone')}
              className={`${item} bg-teal-700 text-white hover:bg-teal-800`}
            >
              <Phone className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">{t('detail.call')}</span>
            </a>
          </li>
        ) : null}
        {owner.line_id ? (
          <li className="flex-1">
            <a
              href={lineChatUrl(owner.line_id)}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() => onContact?.('line')}
              className={`${item} border border-green-700 text-green-800 hover:bg-green-50`}
            >
              <MessageCircle className="size-4 shrink-0" aria-hidden="true" />
              <span className="truncate">LINE</span>
            </a>
          </li>
        ) : null}
        <li className="flex-1">
          <a
            href={`#${INQUIRY_ANCHOR}`}
            onClick={(event) => {
              // To the form's first field, not just its heading: the person came to write.
              const field = document.getElementById(INQUIRY_ANCHOR)?.querySelector<HTMLElement>('input, textarea');
              if (!field) return;
              event.preventDefault();
              field.scrollIntoView({ block: 'center' });
              field.focus({ preventScroll: true });
            }}
            className={`${item} border border-teal-700 text-teal-800 hover:bg-teal-50`}
          >
            <MessageSquareText className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{t('detail.inquire')}</span>
          </a>
        </li>
      </ul>
    </nav>
  );
}
