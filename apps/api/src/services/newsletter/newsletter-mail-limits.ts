import { RATE_LIMITS, type RateCounters } from '../../lib/rate-limit.ts';

/**
 * Whether one more newsletter confirmation mail may go (ADR 055): a few a day per client network (an IPv4 address,
 * an IPv6 /64) and per address. The network is counted first and, once over, the address is not counted at all, so
 * one network's flood spends its own quota before the address's. Never throws: past a limit the caller answers as
 * always and mails nothing. The address's cap counts whoever types it: it is what keeps a mailbox from filling, since
 * the forms' 429 counts a typed address per network only (ADR 059).
 */
export async function withinNewsletterMailLimits(
  counters: RateCounters,
  email: string,
  /** The client network's key (lib/client-network.ts, `requestNetwork`). */
  network: string,
  /**
   * Which mails: confirmation links (ADR 055) or "lost the link?" unsubscribe links (ADR 058). Each has its own
   * counters under the same rule, so asking for one kind never uses up the other.
   */
  kind: 'confirm' | 'unsubscribe' = 'confirm',
): Promise<boolean> {
  const rule = RATE_LIMITS.newsletterMail;
  const prefix = kind === 'confirm' ? 'newsletterMail' : 'newsletterUnsubscribeMail';
  const byNetwork = await counters.hit(`${prefix}:ip:${network}`, rule.windowMs);
  if (byNetwork.count > rule.perIp) return false;
  const address = await counters.hit(`${prefix}:email:${email.trim().toLowerCase()}`, rule.windowMs);
  return address.count <= rule.perEmail;
}
