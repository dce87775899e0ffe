import { describe, expect, it } from 'vitest';
import { CreatePropertyFields } from './create-property.ts';
import { UpdatePropertyFields } from './owners.ts';
import { PROJECT_LIMITS } from './project-values.ts';
import {
  AdminProjectFields,
  AreaMarketQuery,
  MarketQuery,
  ProjectListQuery,
  ProjectSlugParams,
  SuggestProjectRequest,
} from './projects.ts';
import { PropertyListQuery } from './properties.ts';

describe('projects contract', () => {
  it('reads the project list query with its defaults and bounds q', () => {
    expect(ProjectListQuery.parse({})).toEqual({ sort: 'name', page: 1, per_page: 20 });
    expect(ProjectListQuery.safeParse({ q: 'a'.repeat(PROJECT_LIMITS.q) }).success).toBe(true);
    expect(ProjectListQuery.safeParse({ q: 'a'.repeat(PROJECT_LIMITS.q + 1) }).success).toBe(false);
    expect(ProjectListQuery.safeParse({ per_page: '101' }).success).toBe(false);
    expect(ProjectListQuery.safeParse({ sort: 'cheapest' }).success).toBe(false);
  });

  it('takes only slugs of lower-case letters, digits and single dashes', () => {
    expect(ProjectSlugParams.safeParse({ slug: 'noble-ploenchit' }).success).toBe(true);
    for (const slug of ['Noble', 'a--b', '-a', 'a b', 'a'.repeat(101)]) {
      expect(ProjectSlugParams.safeParse({ slug }).success).toBe(false);
    }
  });

  it('takes market windows of 12, 24 or 60 months, 24 by default', () => {
    expect(MarketQuery.parse({}).months).toBe(24);
    expect(MarketQuery.parse({ months: '60' }).months).toBe(60);
    expect(MarketQuery.safeParse({ months: '36' }).success).toBe(false);
    expect(AreaMarketQuery.safeParse({}).success).toBe(false);
    expect(AreaMarketQuery.parse({ province: 'Bangkok' }).sub_type).toBe('condo');
  });

  it('refuses a suggestion without a position', () => {
    expect(SuggestProjectRequest.safeParse({ name_en: 'X Tower', location: 'Bangkok' }).success).toBe(false);
    expect(
      SuggestProjectRequest.safeParse({ name_en: 'X Tower', location: 'Bangkok', lat: 13.7, lon: 100.5 }).success,
    ).toBe(true);
  });

  it('bounds names and aliases at the limit and one past it', () => {
    const base = { name_en: 'x'.repeat(PROJECT_LIMITS.name), lat: 13.7, lon: 100.5 };
    expect(AdminProjectFields.safeParse(base).success).toBe(true);
    expect(AdminProjectFields.safeParse({ ...base, name_en: 'x'.repeat(PROJECT_LIMITS.name + 1) }).success).toBe(false);
    const aliases = Array.from({ length: PROJECT_LIMITS.aliases }, (_, i) => `alias ${i}`);
    expect(AdminProjectFields.safeParse({ ...base, aliases }).success).toBe(true);
    expect(AdminProjectFields.safeParse({ ...base, aliases: [...aliases, 'one more'] }).success).toBe(false);
  });

  it('reads project and price_drop on the listing search', () => {
    expect(PropertyListQuery.parse({ project: 'noble-ploenchit', price_drop: '1' })).toMatchObject({
      project: 'noble-ploenchit',
      price_drop: '1',
    });
    expect(PropertyListQuery.safeParse({ project: 'Not A Slug' }).success).toBe(false);
    expect(PropertyListQuery.safeParse({ price_drop: '2' }).success).toBe(false);
  });

  it('links a listing by project_id and unlinks it with null on an edit', () => {
    expect(UpdatePropertyFields.parse({ project_id: null }).project_id).toBeNull();
    expect(UpdatePropertyFields.parse({ project_id: '' }).project_id).toBeNull();
    expect(UpdatePropertyFields.parse({ project_id: '12' }).project_id).toBe(12);
    expect(UpdatePropertyFields.parse({}).project_id).toBeUndefined();
    expect(UpdatePropertyFields.safeParse({ project_id: 'abc' }).success).toBe(false);
    expect(CreatePropertyFields.shape.project_id.parse('7')).toBe(7);
  });
});
