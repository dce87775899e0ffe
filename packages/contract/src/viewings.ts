import { z } from 'zod';
import { InquiryRequest } from './contact.ts';
import { successEnvelope } from './envelope.ts';
import { VIEWING_LIMITS, VIEWING_MESSAGES, VIEWING_MODES, VIEWING_STATUSES } from './viewing-values.ts';

/**
 * docs/api.md "Renters and conversations": viewings (ADR 035). The owner's weekly hours are in
 * Asia/Bangkok; a viewing lasts one hour and starts on the hour inside them.
 */
const M = VIEWING_MESSAGES;
const HOUR = /^(?:[01]\d|2[0-3]):00$|^24:00$/;
const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

const time = z.string({ error: M.timeInvalid }).max(5, M.timeInvalid).regex(HOUR, M.timeInvalid);
export const ViewingSlot = z
  .object({
    weekday: z
      .number({ error: M.weekdayInvalid })
      .int(M.weekdayInvalid)
      .min(0, M.weekdayInvalid)
      .max(6, M.weekdayInvalid),
    start: time.refine((v) => v !== '24:00', M.timeInvalid),
    end: time,
  })
  .refine((s) => toMinutes(s.start) < toMinutes(s.end), { message: M.endBeforeStart, path: ['end'] });
export type ViewingSlot = z.infer<typeof ViewingSlot>;

/** PUT /api/user/viewing-slots: the whole week at once (an empty list offers no viewings). */
export const ViewingSlotsRequest = z.object({
  slots: z
    .array(ViewingSlot, { error: M.slotsInvalid })
    .max(VIEWING_LIMITS.slots, M.tooManySlots)
    .superRefine((slots, ctx) => {
      slots.forEach((a, i) => {
        const clash = slots.some(
          (b, j) =>
            j < i &&
            a.weekday === b.weekday &&
            toMinutes(a.start) < toMinutes(b.end) &&
            toMinutes(b.start) < toMinutes(a.end),
        );
        if (clash) ctx.addIssue({ code: 'custom', message: M.overlap, path: [i, 'start'] });
      });
    }),
});
export type ViewingSlotsRequest = z.infer<typeof ViewingSlotsRequest>;
export const ViewingSlots = z.object({ timezone: z.literal('Asia/Bangkok'), slots: z.array(ViewingSlot) });
export type ViewingSlots = z.infer<typeof ViewingSlots>;
export const ViewingSlotsResponse = successEnvelope(ViewingSlots);

/** GET /api/property/{id}/viewing-slots: the free one-hour starts of the next VIEWING_LIMITS.days days. */
export const FreeViewingSlots = z.object({
  timezone: z.literal('Asia/Bangkok'),
  /** ISO instants (UTC), ascending. */
  free: z.array(z.string()),
});
export type FreeViewingSlots = z.infer<typeof FreeViewingSlots>;
export const FreeViewingSlotsResponse = successEnvelope(FreeViewingSlots);

const startsAt = z
  .string({ error: M.startsAtInvalid })
  .max(40, M.startsAtInvalid)
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v), M.startsAtInvalid)
  .refine((v) => !Number.isNaN(Date.parse(v)), M.startsAtInvalid);

/** POST /api/property/{id}/viewings. */
export const ViewingRequest = InquiryRequest.pick({ name: true, email: true, phone: true }).extend({
  starts_at: startsAt,
  mode: z.enum(VIEWING_MODES, { error: M.modeInvalid }),
});
export type ViewingRequest = z.infer<typeof ViewingRequest>;

/** POST /api/user/viewings/{id}/propose. */
export const ViewingProposal = z.object({ starts_at: startsAt });
export type ViewingProposal = z.infer<typeof ViewingProposal>;

export const Viewing = z.object({
  id: z.number().int(),
  property_id: z.number().int(),
  property_title: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  mode: z.enum(VIEWING_MODES),
  status: z.enum(VIEWING_STATUSES),
  /** The caller's side: `owner` of the listing, or the `visitor` who asked. */
  role: z.enum(['owner', 'visitor']),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  created_at: z.string(),
});
export type Viewing = z.infer<typeof Viewing>;
export const ViewingResponse = successEnvelope(Viewing);
/** GET /api/user/viewings: the owner's requests and the caller's own, soonest first (at most 200). */
export const ViewingListResponse = successEnvelope(z.array(Viewing));
