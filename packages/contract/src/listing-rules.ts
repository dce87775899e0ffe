import type { NumberProblem } from './amount.ts';
import { type ListingNumberName, listingNumberField } from './listing-fields.ts';
import { englishNumber } from './number-text.ts';
import { hasFloors, hasLevel } from './sub-types.ts';

// No zod here: the listing page and the search box read these rules without loading the schemas (create-property.ts
// builds its schemas on them).

/** '{field} is required', with underscores read as spaces: 'user type is required'. */
export const requiredMessage = (field: string) => `${field.replaceAll('_', ' ')} is required`;

/** What a listing's number field found wrong; the web app translates by `problem` (issue.params). */
export type NumberIssueParams =
  | { problem: NumberProblem }
  | { problem: 'min'; min: number }
  | { problem: 'max'; max: number };

/** The English message of a number field's problem (the API's; the web app translates by `problem`). */
export function numberMessage(label: string, params: NumberIssueParams, example = '2,500,000'): string {
  switch (params.problem) {
    case 'required':
      return requiredMessage(label);
    case 'notNumber':
      return `${label} must be a number, such as ${example}`;
    case 'negative':
      return `${label} cannot be negative`;
    case 'wholeNumber':
      return `${label} must be a whole number`;
    case 'min':
      return `${label} must be at least ${englishNumber(params.min)}`;
    case 'max':
      return `${label} must be at most ${englishNumber(params.max)}`;
  }
}

export interface ListingFieldIssue {
  path: ['level' | 'floors'];
  message: string;
  params: NumberIssueParams;
}

/**
 * Level and floors by sub type: a condo, apartment or office unit must say which level it is on (hasLevel); every
 * building has at least one floor, while land has none, so land alone may leave floors out or send 0 (hasFloors).
 */
export function levelAndFloorsIssues(listing: {
  property_sub_type: string;
  level?: number | undefined;
  floors?: number | undefined;
}): ListingFieldIssue[] {
  const issues: ListingFieldIssue[] = [];
  const add = (field: 'level' | 'floors', params: NumberIssueParams) =>
    issues.push({ path: [field], message: numberMessage(field, params), params });
  if (hasLevel(listing.property_sub_type) && listing.level === undefined) add('level', { problem: 'required' });
  if (hasFloors(listing.property_sub_type)) {
    if (listing.floors === undefined) add('floors', { problem: 'required' });
    else if (listing.floors < 1) add('floors', { problem: 'min', min: 1 });
  }
  return issues;
}

/**
 * Whether a listing of this sub type must give this number field: it is not optional in LISTING_NUMBER_FIELDS (so its
 * schema refuses a blank), or the rules between fields require it (a condo's level, a building's floors).
 */
export function isRequiredListingNumber(name: ListingNumberName, subType: string): boolean {
  if (listingNumberField(name).optional === undefined) return true;
  return levelAndFloorsIssues({ property_sub_type: subType }).some((issue) => issue.path[0] === name);
}
