import type { HIDDEN, LandParts, LandPartsProblem, NumberIssueParams, RentalTermProblem } from '@baan/contract';
import type { TFunction } from 'i18next';
import { rentalTermLabel } from '../../../lib/rental-terms';
import {
  type FormField,
  type FormIssue,
  formatBaht,
  HOUSE_INFO,
  type HouseInfoKey,
  type HouseInfoSpec,
  RENTAL_TERMS,
} from './property-form';

type Problem =
  | NumberIssueParams['problem']
  | typeof HIDDEN.problem
  | 'photoNeeded'
  | RentalTermProblem
  | 'tooLong'
  | 'tooManyRooms'
  | 'invalid';

/** The kind of problem a contract issue reports: its own params for number fields, else read from zod's code. */
function problemOf({ issue }: FormIssue): { problem: Problem; limit?: number } {
  if (issue.code === 'custom') {
    const params = issue.params as NumberIssueParams | typeof HIDDEN | { problem: 'photoNeeded' } | undefined;
    if (params?.problem === 'min') return { problem: 'min', limit: params.min };
    if (params?.problem === 'max') return { problem: 'max', limit: params.max };
    if (params?.problem) return { problem: params.problem };
    return { problem: issue.path[0] === 'cover_image' ? 'required' : 'invalid' };
  }
  if (issue.code === 'too_small' && issue.origin === 'string') return { problem: 'required' };
  if (issue.code === 'too_big' && issue.origin === 'string')
    return { problem: 'tooLong', limit: Number(issue.maximum) };
  if (issue.code === 'too_big' && issue.origin === 'array')
    return { problem: 'tooManyRooms', limit: Number(issue.maximum) };
  // The choices are radio buttons: the only wrong value they can send is none.
  if (issue.code === 'invalid_type' || issue.code === 'invalid_value') return { problem: 'required' };
  return { problem: 'invalid' };
}

/** Rai, ngan or square wah typed that cannot be read (property-form's landIssues). */
interface LandIssueParams {
  problem: 'land';
  part: keyof LandParts;
  landProblem: LandPartsProblem;
}

const isHouseInfoKey = (key: string): key is HouseInfoKey => Object.hasOwn(HOUSE_INFO, key);
const isRentalTermKey = (key: string): key is keyof typeof RENTAL_TERMS => Object.hasOwn(RENTAL_TERMS, key);

/** A rental term's name in a message: the listing page's label (`listings:rentalTerms.<key>`), in lower case. */
function rentalTermName(t: TFunction<'property'>, key: keyof typeof RENTAL_TERMS): string {
  const label = rentalTermLabel(RENTAL_TERMS[key].wire, t as unknown as TFunction);
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/**
 * A house information field's label in the wizard: the listing page's (`listings:detail.<key>`, a core namespace,
 * the one translation of the field) with its unit, "Area (m²)", or "(฿)" for an amount in baht.
 */
export function houseInfoLabel(t: TFunction<'property'>, key: HouseInfoKey): string {
  const field: HouseInfoSpec = HOUSE_INFO[key];
  const label = t(`listings:detail.${key}`);
  const unit = field.unit ? t(`listings:units.${field.unit}`) : field.kind === 'baht' ? '฿' : undefined;
  return unit ? t('info.withUnit', { label, unit }) : label;
}

/**
 * A house information field's name in a message: the listing page's label, starting in lower case as the other
 * names in messages do ("area is required"; scripts without case are unchanged).
 */
function houseInfoName(t: TFunction<'property'>, key: HouseInfoKey): string {
  const label = t(`listings:detail.${key}`);
  return label.charAt(0).toLowerCase() + label.slice(1);
}

/** A message as a sentence: its first letter upper case ("title is required" → "Title is required"; scripts without case stay). */
function sentence(message: string): string {
  return message.charAt(0).toLocaleUpperCase() + message.slice(1);
}

/**
 * A contract issue in the person's language, as a sentence. The contract's own messages are English (the API's); the
 * wizard words the same findings from the issue's kind and limits, with field names in lower case inside them.
 */
export function issueMessage(t: TFunction<'property'>, found: FormIssue): string {
  return sentence(issueWording(t, found));
}

function issueWording(t: TFunction<'property'>, found: FormIssue): string {
  const land = found.issue.code === 'custom' ? (found.issue.params as LandIssueParams | undefined) : undefined;
  if (land?.problem === 'land') {
    return t(`units:validation.${land.landProblem}`, { part: t(`units:field.${land.part}`) });
  }
  const { problem, limit } = problemOf(found);
  const room = /^room-\d+-(type|count)$/.exec(found.key);
  const number = found.roomNumber ?? 1;
  if (room && problem === 'required') {
    return room[1] === 'type' ? t('validation.roomType', { number }) : t('validation.roomCount', { number });
  }
  const field = room
    ? t(room[1] === 'type' ? 'info.roomType' : 'info.roomCount', { number })
    : isHouseInfoKey(found.key)
      ? houseInfoName(t, found.key)
      : isRentalTermKey(found.key)
        ? rentalTermName(t, found.key)
        : t(`fields.${found.key as FormField}`);
  // A rate is not a price: its example is one (7.5), and its limits keep their decimals.
  if (isRentalTermKey(found.key) && RENTAL_TERMS[found.key].kind === 'rate') {
    if (problem === 'notNumber') return t('validation.rateFormat', { field });
  }
  const amount = limit === undefined ? '' : formatBaht(limit);
  switch (problem) {
    case 'min':
      return t('validation.min', { field, min: amount });
    case 'max':
      return t('validation.max', { field, max: amount });
    case 'tooLong':
      return t('validation.tooLong', { field, max: amount });
    case 'tooManyRooms':
      return t('validation.tooManyRooms', { max: amount });
    default:
      return t(`validation.${problem}`, { field });
  }
}
