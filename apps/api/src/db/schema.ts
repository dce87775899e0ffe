import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The cube extension's type (ADR 042): a box in n dimensions, a point being a box of size 0. Written and read only in
 * SQL (services/alerts/search-box.ts), so its TypeScript side is the text PostgreSQL answers.
 */
const cube = customType<{ data: string; driverData: string }>({ dataType: () => 'cube' });

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    /** Stored lower-cased; the unique index makes sign-up race-free. */
    email: varchar('email', { length: 320 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: varchar('phone_number', { length: 40 }),
    /** When phone_number was proved by an SMS code (ADR 036); null again whenever the number changes. */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** Shown on the owner's listings as a LINE button (lower-cased; LINE_ID_PATTERN). */
    lineId: varchar('line_id', { length: 21 }),
    role: varchar('role', { length: 16, enum: ['user', 'admin'] })
      .notNull()
      .default('user'),
    companyName: varchar('company_name', { length: 200 }),
    profileImage: text('profile_image'),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Bumped when the password changes; tokens carrying an older value stop working. */
    sessionVersion: integer('session_version').notNull().default(0),
    /** When the owner was last mailed that their account is being tried (at most one such mail a day, ADR 019). */
    triedNoticeAt: timestamp('tried_notice_at', { withTimezone: true }),
    /** Receives the weekly statistics report (one-click unsubscribe turns it off). */
    weeklyReport: boolean('weekly_report').notNull().default(true),
    /**
     * The person deleted the account (PDPA, ADR 023): the row stays only as the anonymous payer of the payments the
     * law keeps, with no name, an e-mail that is no address (`deleted-user-<id>`) and no password.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The public profile (ADR 029): its address `/agent/{slug}` (unique; null until chosen), shown only while
     * `profilePublic` is on. Languages spoken are LANGUAGES codes, areas served free text; `licenceVerified` is an
     * admin's check of `licenceNumber` and is cleared whenever the number changes.
     */
    profileSlug: varchar('profile_slug', { length: 60 }),
    profilePublic: boolean('profile_public').notNull().default(false),
    profileLanguages: jsonb('profile_languages').$type<string[]>().notNull().default([]),
    profileAreas: jsonb('profile_areas').$type<string[]>().notNull().default([]),
    profileAbout: text('profile_about'),
    licenceNumber: varchar('licence_number', { length: 40 }),
    licenceVerified: boolean('licence_verified').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_profile_slug_unique').on(t.profileSlug),
    // The disabled accounts, which every visibility test (isVisible: `user_id not in (…)`) reads: in the alert
    // matcher's statements one sub-plan per tested search, a scan of every user each without this index (ADR 042).
    index('users_disabled_idx').on(t.id).where(sql`${t.disabledAt} is not null`),
  ],
);

/**
 * One-time e-mail codes. Only an HMAC of the code is stored. A code is spent (consumed_at set)
 * when used, when a newer one is sent, or after too many wrong tries.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 20, enum: ['register', 'forgot_password', 'phone'] }).notNull(),
    /** For a `phone` code: the E.164 number it was sent to, which a right code verifies. */
    target: varchar('target', { length: 16 }),
    salt: varchar('salt', { length: 64 }).notNull(),
    codeHash: varchar('code_hash', { length: 128 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** The network (keyed hash, ADR 019) that asked for the code; null for codes made before it was kept. */
    network: varchar('network', { length: 64 }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_user_type_idx').on(t.userId, t.type)],
);

/**
 * One row per wrong e-mail code: which code, from which network (a keyed hash of its IPv4 /32 or IPv6
 * /64, never the address) and whether that network had proved itself for the account before. The
 * per-code, per-network and per-account tries of ADR 019 are counted from here; rows go with their code.
 */
export const otpFailures = pgTable(
  'otp_failures',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeId: integer('code_id')
      .notNull()
      .references(() => otpCodes.id, { onDelete: 'cascade' }),
    network: varchar('network', { length: 64 }).notNull(),
    knownNetwork: boolean('known_network').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('otp_failures_user_created_idx').on(t.userId, t.createdAt),
    index('otp_failures_code_idx').on(t.codeId, t.network),
  ],
);

/**
 * Networks from which an account proved itself (the right password, or a right e-mail code), as a keyed
 * hash of the IPv4 /32 or IPv6 /64: such a network passes the account-wide ceilings of ADR 019 and goes
 * first in the password-hashing line. Rows older than KNOWN_NETWORK_DAYS no longer count.
 */
export const accountNetworks = pgTable(
  'account_networks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: varchar('network', { length: 64 }).notNull(),
    lastProvedAt: timestamp('last_proved_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.network] })],
);

/**
 * Devices that logged in to an account (ADR 019): the device token is random and only its keyed hash is
 * stored (services/accounts/device-tokens.ts). A login carrying one passes the limits others spent. Good for
 * 180 days and only while the account's session version is the one it was issued under (a password change or
 * reset ends them all).
 */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    sessionVersion: integer('session_version').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('device_tokens_hash_unique').on(t.tokenHash), index('device_tokens_user_idx').on(t.userId)],
);

/** Single-use tokens handed out by a verified forgot-password code; only a SHA-256 is stored. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 128 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash)],
);

/**
 * Tokens ended by logout before they expire, by their `jti`. A row is worthless once the token
 * would have expired anyway, so logouts delete those (the index on expires_at).
 */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_tokens_expires_idx').on(t.expiresAt)],
);

/** Development outbox: mail that would have been sent when no SMTP server is configured. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: varchar('to', { length: 320 }).notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** `Name <address>` when a reply should go to someone other than the sender (contact, inquiry). */
  replyTo: text('reply_to'),
  /** Files sent with the mail (a viewing's .ics invite), as the mailer got them. */
  attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const packages = pgTable('packages', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 120 }).notNull(),
  /** Whole baht per 30-day period. */
  price: integer('price').notNull(),
  durationDays: integer('duration_days').notNull().default(30),
  /** i18n keys of the feature lines, translated by the web app. */
  features: jsonb('features').$type<string[]>().notNull().default([]),
  sortOrder: integer('sort_order').notNull().default(0),
  /** How many of a subscriber's listings may be featured at once (0: none). Premium visibility is the feature key. */
  featuredQuota: integer('featured_quota').notNull().default(0),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  ...timestamps,
});

/** A rejected text edit of a listing, kept for its owner (`properties.text_rejection`); times are ISO strings. */
export type TextRejection = {
  title: string | null;
  description: string | null;
  note: string;
  submittedAt: string;
  rejectedAt: string;
};

export const properties = pgTable(
  'properties',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 300 }).notNull(),
    description: text('description').notNull(),
    type: varchar('type', { length: 8, enum: ['rent', 'sale'] }).notNull(),
    userType: varchar('user_type', { length: 8, enum: ['owner', 'agent'] }).notNull(),
    propertyType: varchar('property_type', { length: 16, enum: ['residential', 'commercial'] }).notNull(),
    propertySubType: varchar('property_sub_type', { length: 40 }).notNull(),
    location: varchar('location', { length: 300 }).notNull(),
    lat: doublePrecision('lat'),
    lon: doublePrecision('lon'),
    /** Whole baht: the monthly rent, or the sale price. */
    price: integer('price').notNull(),
    area: integer('area').notNull(),
    areaUnit: varchar('area_unit', { length: 8 }).notNull().default('sqm'),
    livingSpace: integer('living_space'),
    lotArea: integer('lot_area'),
    bedRooms: integer('bed_rooms').notNull().default(0),
    bathRooms: integer('bath_rooms').notNull().default(0),
    kitchen: integer('kitchen').notNull().default(0),
    floors: integer('floors').notNull().default(1),
    level: integer('level').notNull().default(0),
    avgUtilities: integer('avg_utilities'),
    availabilityDate: date('availability_date'),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    isFeatured: boolean('is_featured').notNull().default(false),
    /** An admin approved the owner's title deed check (ADR 032); a new check request clears it until approved. */
    verified: boolean('verified').notNull().default(false),
    /** The owner's choice (active, paused, sold, rented) or an admin's (hidden). Only active is in search. */
    status: varchar('status', { length: 12, enum: ['active', 'paused', 'sold', 'rented', 'hidden'] })
      .notNull()
      .default('active'),
    /** Moderation (ADR 017): a pending or rejected listing is shown to nobody but its owner and admins. */
    review: varchar('review', { length: 12, enum: ['approved', 'pending', 'rejected'] })
      .notNull()
      .default('approved'),
    /** Why the rules held it (keys: new_owner, price_outlier, duplicate_photos); the admin's reason when rejected. */
    reviewReasons: jsonb('review_reasons').$type<string[]>().notNull().default([]),
    reviewNote: text('review_note'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /**
     * A text edit of an approved listing waiting for an admin (M5): the new title and/or description (null: unchanged)
     * while the approved text stays public, and why it waits (new_owner and the listing-text reasons).
     */
    pendingTitle: varchar('pending_title', { length: 300 }),
    pendingDescription: text('pending_description'),
    pendingReasons: jsonb('pending_reasons').$type<string[]>(),
    pendingSince: timestamp('pending_since', { withTimezone: true }),
    /**
     * The owner's last text edit an admin rejected (M5): what it said (null where unchanged), the admin's reason, when it
     * was sent and decided. Shown to the owner until their next text edit; the public never sees it.
     */
    textRejection: jsonb('text_rejection').$type<TextRejection>(),
    /** The owner's active package sells premium visibility: ranks first in the default sort (kept by the perks job). */
    premium: boolean('premium').notNull().default(false),
    /** Condos: the building's foreign quota has room (ADR 018). */
    foreignQuota: boolean('foreign_quota').notNull().default(false),
    /**
     * A rent listing's terms (the contract's RENTAL_TERM_FIELDS; SQL name = wire name), null when not given and on
     * every sale listing (services/properties/rental-term-columns.ts).
     */
    depositMonths: integer('deposit_months'),
    advanceMonths: integer('advance_months'),
    minLeaseMonths: integer('min_lease_months'),
    furnishing: varchar('furnishing', { length: 12, enum: ['furnished', 'partly', 'unfurnished'] }),
    petsAllowed: boolean('pets_allowed'),
    electricity: varchar('electricity', { length: 12, enum: ['government', 'building'] }),
    /** Baht per unit, with electricity = building only. */
    electricityRate: numeric('electricity_rate', { precision: 4, scale: 2, mode: 'number' }),
    /** TITLE_DEEDS, or null when not given. */
    titleDeed: varchar('title_deed', {
      length: 16,
      enum: ['chanote', 'nor_sor_3_gor', 'nor_sor_3', 'sor_por_kor', 'other'],
    }),
    /** The nearest rail station (services/transit) within MAX_STATION_DISTANCE_M, kept in step with lat/lon. */
    stationId: varchar('station_id', { length: 60 }),
    /** Walking estimate to `stationId`, metres. */
    stationDistanceM: integer('station_distance_m'),
    /**
     * The district (khet or amphoe) and province the location text names, as the gazetteer's English names
     * (services/locations/resolve-place.ts), kept in step with `location`; null when the text names none. Similar
     * listings prefer the same district, then province; the "at or below the area's median" filter groups by them.
     */
    district: varchar('district', { length: 80 }),
    province: varchar('province', { length: 80 }),
    /**
     * The finest place the location names, as a place id (services/locations/place-ids.ts: `neighbourhood:thonglor`,
     * else the district's or the province's), kept in step with `location`; a place named in a search matches it in
     * any script (ADR 027). Null when the text names none.
     */
    place: varchar('place', { length: 120 }),
    /** The project (building) it belongs to (ADR 028); null for none. A deleted project unlinks its listings. */
    projectId: integer('project_id').references((): AnyPgColumn => projects.id, { onDelete: 'set null' }),
    /**
     * The last price change, kept in step with `listing_prices` by every write that changes the price: the price
     * before it and when. `previous_price` and `price_drop=1` read them (a cut within 90 days); null before any change.
     */
    priceBefore: integer('price_before'),
    priceChangedAt: timestamp('price_changed_at', { withTimezone: true }),
    /** Whole baht per m², rounded; the database keeps it in step with price and area. */
    pricePerSqm: integer('price_per_sqm').generatedAlwaysAs(
      sql`case when area > 0 then round(price::numeric / area)::int end`,
    ),
    /**
     * The owner's own reference of a listing that came from an import (CSV or feed, ADR 030): a later import matches
     * it by this, never duplicates it. Null for a listing made by hand, which no import ever touches.
     */
    externalRef: varchar('external_ref', { length: 100 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('properties_user_external_ref_unique').on(t.userId, t.externalRef),
    // Map search (bbox, ranges over lat and lon: services/properties/geo-search.ts). The migrations add INCLUDE
    // (status, review, user_id, type, price, premium, created_at; 0036: map_cell, property_sub_type), which drizzle
    // cannot declare, so the map's clusters of a small area read the index only (docs/benchmarks.md, "Buyers").
    index('properties_lat_lon_idx').on(t.lat, t.lon),
    // Migration 0039 adds properties_point_idx, a GiST on point(lon, lat) with INCLUDE columns (drizzle cannot declare
    // either): boxes (insideBox) read only their own area from it, index-only (ADR 044, "Boxes"). Migration 0043 adds
    // properties_cell15_newest_idx and properties_cell14_newest_idx, (status, map_cell >> 10 or 12, created_at, id)
    // INCLUDE (…): the map walks a neighbourhood's cells newest first (ADR 052, map-walks.ts); 0044 adds
    // properties_type_price_band_newest_idx, (status, type, width_bucket(price, …), created_at, id) INCLUDE (…), for a
    // price range over a large area.
    index('properties_status_station_idx').on(t.status, t.stationDistanceM),
    // within_m with sale or rent (and a price): counting up to the cap reads this index only, where the price index
    // fetched 65,000 table rows to check the distance (240 → 8 ms at a million; migration 0041 adds INCLUDE (price,
    // review, user_id), which drizzle cannot declare).
    index('properties_status_type_station_idx').on(t.status, t.type, t.stationDistanceM),
    index('properties_status_ppsqm_idx').on(t.status, t.pricePerSqm, t.id),
    // price_per_sqm_desc (DESC NULLS LAST): the ascending index read backwards would put nulls first.
    index('properties_status_ppsqm_desc_idx').on(t.status, t.pricePerSqm.desc(), t.id.desc()),
    // The same orders within sale or rent: the cheapest price per m² are rentals (a month's rent per m²), so "sale,
    // cheapest per m² first" walked every rental of the status index first (540 ms at 300,000 listings; 3.5 s at a
    // million, docs/benchmarks.md).
    index('properties_status_type_ppsqm_idx').on(t.status, t.type, t.pricePerSqm, t.id),
    index('properties_status_type_ppsqm_desc_idx').on(t.status, t.type, t.pricePerSqm.desc(), t.id.desc()),
    index('properties_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('properties_user_idx').on(t.userId),
    // Listing search (services/properties): the filters and sorts a visitor uses, kept fast at
    // 100,000 rows. Every public query also has status = 'active'.
    index('properties_status_price_idx').on(t.status, t.price, t.id),
    // Sale or rent in a price range, the commonest filter: the migration adds INCLUDE (property_sub_type, bed_rooms,
    // area, review, user_id), so counting up to the cap reads this index only (735 → 12 ms at a million, ADR 043);
    // migration 0040 adds lat, lon, map_cell, created_at, premium, id, so the map's price ranges do too (ADR 044).
    index('properties_status_type_price_idx').on(t.status, t.type, t.price),
    index('properties_status_type_created_idx').on(t.status, t.type, t.createdAt.desc(), t.id.desc()),
    index('properties_status_sub_type_idx').on(t.status, t.propertySubType),
    index('properties_status_featured_created_idx').on(t.status, t.isFeatured, t.createdAt.desc(), t.id.desc()),
    // The default sort: premium visibility first, then newest (ADR 017). Migration 0046 adds INCLUDE (review, user_id,
    // lat, lon, type, property_type, price, property_sub_type, bed_rooms, station_distance_m): a place's page looked
    // for in the order's head reads the index only (ADR 054).
    index('properties_status_premium_created_idx').on(t.status, t.premium.desc(), t.createdAt.desc(), t.id.desc()),
    index('properties_review_idx').on(t.review),
    // Substring search in any script (Thai and Burmese have no spaces between words): trigram
    // GIN indexes over exactly the expressions the search query uses (see search-text.ts).
    index('properties_search_trgm_idx').using(
      'gin',
      sql`lower(${t.title} || ' ' || ${t.location} || ' ' || ${t.description}) gin_trgm_ops`,
    ),
    index('properties_location_trgm_idx').using('gin', sql`lower(${t.location}) gin_trgm_ops`),
    // Title and location only (titleLocationText in search-text.ts): title suggestions, no description rechecks.
    index('properties_title_location_trgm_idx').using(
      'gin',
      sql`lower(${t.title} || ' ' || ${t.location}) gin_trgm_ops`,
    ),
    // Both: the migration adds INCLUDE (status, review, user_id, property_sub_type, type, premium, created_at), so a
    // province's or a place's stored listings are counted, and a page of them picked, from the index alone (73 → 3 ms
    // for Sukhumvit's count at a million, ADR 043).
    index('properties_province_district_idx').on(t.province, t.district),
    index('properties_place_idx').on(t.place),
    // Listings the station backfill still reads at every start (services/transit/backfill-stations.ts); the migration
    // adds INCLUDE (lat, lon) so it walks them by id from the index (a batch: 800 → 9 ms at a million).
    index('properties_station_missing_idx').on(t.id).where(sql`${t.stationId} is null and ${t.lat} is not null`),
    index('properties_project_idx').on(t.projectId),
    // An area as GET /api/market names it (spaces and hyphens do not count, ADR 028): also gives the planner its
    // statistics, without which it guesses one row per district and joins the price intervals in a nested loop.
    index('properties_area_idx').on(
      sql`replace(replace(lower(${t.province}), ' ', ''), '-', '')`,
      sql`replace(replace(lower(${t.district}), ' ', ''), '-', '')`,
      t.propertySubType,
    ),
    index('properties_price_changed_idx').on(t.priceChangedAt),
    // The rental-term filters of GET /api/properties (rent listings only carry terms): partial, so sale listings cost nothing.
    index('properties_rent_furnishing_idx').on(t.status, t.furnishing).where(sql`${t.furnishing} is not null`),
    index('properties_rent_pets_idx').on(t.status, t.petsAllowed).where(sql`${t.petsAllowed}`),
    index('properties_rent_deposit_idx').on(t.status, t.depositMonths).where(sql`${t.depositMonths} is not null`),
    index('properties_rent_min_lease_idx').on(t.status, t.minLeaseMonths).where(sql`${t.minLeaseMonths} is not null`),
  ],
);

/**
 * Every price a listing has asked, from its first (ADR 028): a row per change, `price` from `changed_at` on. Written
 * with the listing's create and with every edit that changes the price, in the same transaction.
 */
export const listingPrices = pgTable(
  'listing_prices',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('listing_prices_property_idx').on(t.propertyId, t.changedAt, t.id)],
);

/**
 * An area's market figures for one sub type (ADR 028, "Stored area figures"), as GET /api/market answers them for 60
 * months, kept by the `market.areas` job. `area_key`: province and district as the market call compares them
 * (lower case, no spaces or hyphens) joined by `|`, the district empty for a whole province. `month`: the Bangkok
 * month they were computed in (another month's figures are not served). `fingerprint`: of the listings they stand on.
 */
export const marketAreaFigures = pgTable(
  'market_area_figures',
  {
    areaKey: text('area_key').notNull(),
    subType: text('sub_type').notNull(),
    month: text('month').notNull(),
    fingerprint: text('fingerprint').notNull(),
    figures: jsonb('figures').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.areaKey, t.subType] })],
);

/**
 * A building or development listings belong to (ADR 028). `review` pending: suggested by `suggested_by`, seen by
 * them (they may link their listings) and admins only. `merged_into_id`: merged away; its slug redirects there.
 */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 120 }).notNull(),
    nameEn: varchar('name_en', { length: 120 }).notNull(),
    nameTh: varchar('name_th', { length: 120 }),
    developer: varchar('developer', { length: 120 }),
    status: varchar('status', { length: 20, enum: ['completed', 'under_construction', 'planned'] })
      .notNull()
      .default('completed'),
    yearCompleted: integer('year_completed'),
    towers: integer('towers'),
    floors: integer('floors'),
    units: integer('units'),
    facilities: jsonb('facilities').$type<string[]>().notNull().default([]),
    commonFeePerSqm: integer('common_fee_per_sqm'),
    lat: doublePrecision('lat').notNull(),
    lon: doublePrecision('lon').notNull(),
    location: varchar('location', { length: 300 }),
    province: varchar('province', { length: 80 }),
    district: varchar('district', { length: 80 }),
    /** Up to 3 nearest stations [{id, distance_m}], kept in step with lat/lon. */
    stations: jsonb('stations').$type<{ id: string; distance_m: number }[]>().notNull().default([]),
    description: jsonb('description').$type<Record<string, string>>().notNull().default({}),
    review: varchar('review', { length: 12, enum: ['approved', 'pending'] })
      .notNull()
      .default('approved'),
    suggestedBy: integer('suggested_by').references(() => users.id, { onDelete: 'set null' }),
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => projects.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('projects_slug_unique').on(t.slug),
    index('projects_province_district_idx').on(t.province, t.district),
    index('projects_names_trgm_idx').using(
      'gin',
      sql`lower(${t.nameEn} || ' ' || coalesce(${t.nameTh}, '')) gin_trgm_ops`,
    ),
  ],
);

/** Other names of a project (spellings, scripts); `q` matches them as it matches the names. */
export const projectAliases = pgTable(
  'project_aliases',
  {
    id: serial('id').primaryKey(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    alias: varchar('alias', { length: 120 }).notNull(),
  },
  (t) => [
    uniqueIndex('project_aliases_unique').on(t.projectId, t.alias),
    index('project_aliases_trgm_idx').using('gin', sql`lower(${t.alias}) gin_trgm_ops`),
  ],
);

export const propertyImages = pgTable(
  'property_images',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** Storage key prefix; the stored files are `<key>-<width>.webp`. */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Widths available as WebP files, ascending. */
    widths: jsonb('widths').$type<number[]>().notNull(),
    isCover: boolean('is_cover').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    /** A 64-bit difference hash of the photo (16 hex digits): the same picture gives the same hash (moderation). */
    phash: varchar('phash', { length: 16 }),
    /**
     * The URL an import fetched this photo from (ADR 038), null for a photo uploaded by hand. An import compares a row's
     * `photo_urls` with these, so the same URLs are never fetched again.
     */
    sourceUrl: text('source_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('property_images_property_idx').on(t.propertyId, t.sortOrder),
    index('property_images_phash_idx').on(t.phash),
  ],
);

export const propertyRooms = pgTable(
  'property_rooms',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 60 }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [index('property_rooms_property_idx').on(t.propertyId)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 320 }).notNull(),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_email_unique').on(t.email)],
);

/**
 * Newsletter subscriptions that nobody has proven yet (double opt-in, ADR 055). A footer subscription waits for the
 * link mailed to the address (only a SHA-256 of its token is kept; single use, expires); a sign-up's waits for the
 * account's e-mail code (`user_id`, no token). The consent is recorded only when it is confirmed; expired rows are
 * swept by a daily job.
 */
export const newsletterPending = pgTable(
  'newsletter_pending',
  {
    id: serial('id').primaryKey(),
    /** Lower-cased. */
    email: varchar('email', { length: 320 }).notNull(),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    source: varchar('source', { length: 12, enum: ['footer', 'signup'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('newsletter_pending_token_unique').on(t.tokenHash),
    index('newsletter_pending_email_idx').on(t.email),
    index('newsletter_pending_user_idx').on(t.userId),
    index('newsletter_pending_expires_idx').on(t.expiresAt),
  ],
);

/** What a Thai tax invoice needs, copied onto the payment so later profile edits do not change it. */
export type BillingSnapshot = {
  name: string;
  company_name: string | null;
  /** 13 digits: a company's tax ID or a person's national ID. */
  tax_id: string | null;
  /** 'Head office' or a branch number, as printed on the invoice. */
  branch: string | null;
  address: string;
};

/**
 * Every attempt to pay, kept for reconciliation: a card charge (paid or failed) or a PromptPay
 * transfer with its receipt (pending until an admin approves or rejects it).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    /** Whole baht charged or expected. */
    amount: integer('amount').notNull(),
    method: varchar('method', { length: 8, enum: ['card', 'qr'] }).notNull(),
    status: varchar('status', { length: 12, enum: ['pending', 'approved', 'rejected', 'paid', 'failed'] }).notNull(),
    /** test (built-in card processor), stripe, or promptpay (manual transfer). */
    provider: varchar('provider', { length: 16, enum: ['test', 'stripe', 'promptpay'] }).notNull(),
    /** The provider's id for the charge (a Stripe PaymentIntent id, a test charge id). */
    providerReference: varchar('provider_reference', { length: 255 }),
    /** Our reference shown next to the QR code, for the transfer's memo. */
    reference: varchar('reference', { length: 40 }),
    /** Last four digits only; a card number is never stored. */
    cardLast4: varchar('card_last4', { length: 4 }),
    /** The bank's transaction ID the payer typed in (QR). */
    transactionId: varchar('transaction_id', { length: 100 }),
    /** transactionKey(transaction_id): the transfer whatever way it was typed; one live claim per key (QR). */
    transactionKey: varchar('transaction_key', { length: 100 }),
    /** Storage key of the uploaded receipt image (QR). */
    receiptKey: text('receipt_key'),
    /** The receipt picture's difference hash (as listing photos'), to show the admin a receipt used twice. */
    receiptHash: varchar('receipt_hash', { length: 16 }),
    /** Why the provider declined (card). */
    failureReason: text('failure_reason'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    billing: jsonb('billing').$type<BillingSnapshot>(),
    ...timestamps,
  },
  (t) => [
    index('payments_status_created_idx').on(t.status, t.createdAt),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    index('payments_provider_reference_idx').on(t.providerReference),
    index('payments_transaction_key_idx').on(t.transactionKey),
    index('payments_receipt_hash_idx').on(t.receiptHash),
    // One bank transfer can pay for one purchase: a receipt cannot be claimed twice.
    uniqueIndex('payments_transaction_id_unique')
      .on(t.transactionId)
      .where(sql`${t.method} = 'qr' and ${t.status} <> 'rejected'`),
  ],
);

/**
 * Periods of access. A purchase adds one period of 30 days starting now, or at the end of the
 * time already bought. "Active" is computed from the dates; nothing flips a flag when it ends.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The payment that bought it; null when an admin granted it directly. */
    paymentId: integer('payment_id').references(() => payments.id),
    /** The admin who granted it without a payment. */
    grantedBy: integer('granted_by').references(() => users.id),
    /** When the owner was mailed that this period ends in 3 days (once per period). */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    amount: integer('amount').notNull(),
    paymentMethod: varchar('payment_method', { length: 40 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_user_ends_idx').on(t.userId, t.endsAt),
    // A payment activates at most one period, however often a webhook or an approval repeats.
    uniqueIndex('subscriptions_payment_unique').on(t.paymentId),
  ],
);

/** Messages sent through the contact form; each is also mailed to the support address. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 320 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    message: text('message').notNull(),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc(), t.id.desc())],
);

/**
 * A visitor's message to a listing's owner. The title is copied so the owner's and the admin's
 * record survives the listing's deletion (property_id then becomes null).
 */
export const propertyInquiries = pgTable(
  'property_inquiries',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyTitle: varchar('property_title', { length: 300 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 320 }).notNull(),
    phone: varchar('phone', { length: 40 }),
    message: text('message').notNull(),
    language: varchar('language', { length: 8 }).notNull().default('en'),
    /** Lead tracking: the owner's progress with this inquiry, and a note only they see. */
    status: varchar('status', { length: 12, enum: ['new', 'contacted', 'closed', 'spam'] })
      .notNull()
      .default('new'),
    note: text('note'),
    /** When the owner first moved it on from new: how fast they answered. */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /**
     * How the owner heard of it: `sent` (its own mail), `held` (over the hourly cap, waiting for the
     * digest mail) or `digest` (named in one). ADR 019.
     */
    mail: varchar('mail', { length: 8, enum: ['sent', 'held', 'digest'] })
      .notNull()
      .default('sent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('property_inquiries_owner_status_idx').on(t.ownerId, t.status),
    index('property_inquiries_owner_created_idx').on(t.ownerId, t.createdAt.desc()),
    index('property_inquiries_property_idx').on(t.propertyId),
    index('property_inquiries_created_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * A thread between a listing's owner and a visitor, opened by an inquiry (ADR 034). The visitor is an account
 * (`visitor_id`) or a guest known by name and e-mail, who follows the thread through a link signed with
 * `guest_key`. The title is copied so the thread outlives the listing. Per side: when they last read it (unread
 * counts) and when they were last mailed about it (at most once per 10 minutes). `blocked_by` is the side that
 * blocked the other: then neither writes.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'set null' }),
    inquiryId: integer('inquiry_id').references(() => propertyInquiries.id, { onDelete: 'set null' }),
    propertyTitle: varchar('property_title', { length: 300 }).notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorId: integer('visitor_id').references(() => users.id, { onDelete: 'cascade' }),
    visitorName: varchar('visitor_name', { length: 200 }).notNull(),
    visitorEmail: varchar('visitor_email', { length: 320 }).notNull(),
    visitorLanguage: varchar('visitor_language', { length: 8 }).notNull().default('en'),
    /** Random; the guest link's token is an HMAC of the id and this key. */
    guestKey: varchar('guest_key', { length: 64 }).notNull(),
    blockedBy: varchar('blocked_by', { length: 8, enum: ['owner', 'visitor'] }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    ownerReadAt: timestamp('owner_read_at', { withTimezone: true }),
    visitorReadAt: timestamp('visitor_read_at', { withTimezone: true }),
    ownerMailedAt: timestamp('owner_mailed_at', { withTimezone: true }),
    visitorMailedAt: timestamp('visitor_mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('conversations_owner_idx').on(t.ownerId, t.lastMessageAt.desc()),
    index('conversations_visitor_idx').on(t.visitorId, t.lastMessageAt.desc()),
    index('conversations_inquiry_idx').on(t.inquiryId),
  ],
);

/** One message of a thread; its files are private storage keys (`private/conversations/`), served to the two sides only. */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: varchar('sender', { length: 8, enum: ['owner', 'visitor'] }).notNull(),
    body: text('body').notNull(),
    attachments: jsonb('attachments')
      .$type<{ kind: 'image' | 'pdf'; key: string; keys: string[] }[]>()
      .notNull()
      .default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_messages_thread_idx').on(t.conversationId, t.id)],
);

/**
 * Settings an admin edits in the console (services/settings): one row per key, its value as JSON. A key without a
 * row has its default (the home page's headline: the translated "Welcome to Our Website").
 */
export const siteSettings = pgTable('site_settings', {
  key: varchar('key', { length: 40 }).primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what, when, to which record: one row per admin action. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written, so the entry still names the admin after their account is gone. */
    actorEmail: varchar('actor_email', { length: 320 }).notNull(),
    action: varchar('action', { length: 40 }).notNull(),
    targetType: varchar('target_type', { length: 20 }).notNull(),
    targetId: integer('target_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_created_idx').on(t.action, t.createdAt.desc()),
  ],
);

/**
 * Durable background work (mail, sweeps, reports): enqueued in the transaction of the change that
 * causes it, claimed by one worker with FOR UPDATE SKIP LOCKED, retried with backoff, and left
 * `dead` for the admin console after its last attempt (services/jobs).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 64 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued → running → done, or back to queued after a failure, or dead after the last attempt. */
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(12),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** A running job whose worker died is taken again once this has passed. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    /** The request that caused the job, so its log lines can be followed into the job's. */
    requestId: varchar('request_id', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.state, t.runAt),
    index('jobs_dead_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.state} = 'dead'`),
  ],
);

/** When each scheduled job runs next; the node that moves `next_run_at` on enqueues the run (once across nodes). */
export const jobSchedules = pgTable('job_schedules', {
  name: varchar('name', { length: 64 }).primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
});

/**
 * Listing statistics per Bangkok calendar day (ADR 017): counters bumped by the view and contact-click
 * beacons, inquiries and favourites. Owners read them for 7, 30 or 90 days.
 */
export const listingDailyStats = pgTable(
  'listing_daily_stats',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** The day in Asia/Bangkok. */
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
    visitors: integer('visitors').notNull().default(0),
    clicksPhone: integer('clicks_phone').notNull().default(0),
    clicksEmail: integer('clicks_email').notNull().default(0),
    clicksLine: integer('clicks_line').notNull().default(0),
    inquiries: integer('inquiries').notNull().default(0),
    favorites: integer('favorites').notNull().default(0),
    /** Viewings requested that day (ADR 035). */
    viewings: integer('viewings').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.day] })],
);

/**
 * Who was already counted today, so visitors are distinct per day and a contact click counts once per
 * visitor per day. `visitor` is a keyed hash of the client (never the address itself); rows older than
 * two days are deleted by the daily clean-up.
 */
export const listingVisits = pgTable(
  'listing_visits',
  {
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    visitor: varchar('visitor', { length: 44 }).notNull(),
    /** view, phone, email or line. */
    kind: varchar('kind', { length: 8 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.day, t.visitor, t.kind] }), index('listing_visits_day_idx').on(t.day)],
);

/** Weekly reports already sent: one per owner and week (the Monday it covers up to, Asia/Bangkok). */
export const ownerReports = pgTable(
  'owner_reports',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: date('week').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);

/** A visitor's favourite listings (the heart); the browser's list joins the account at login. */
export const favorites = pgTable(
  'favorites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.propertyId] }), index('favorites_property_idx').on(t.propertyId)],
);

/** A saved search with its alert: `query` is a normalized /api/properties query string (normalizeSavedQuery). */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 80 }).notNull(),
    query: text('query').notNull(),
    frequency: varchar('frequency', { length: 8, enum: ['instant', 'daily', 'weekly'] }).notNull(),
    /** Also mail a matching listing's price cut, once per cut (ADR 028). */
    notifyPriceDrops: boolean('notify_price_drops').notNull().default(false),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** False until the search is filed in saved_search_buckets (the backfill job); such a search is always a candidate. */
    matchIndexed: boolean('match_indexed').notNull().default(false),
  },
  (t) => [
    index('saved_searches_user_idx').on(t.userId),
    index('saved_searches_frequency_idx').on(t.frequency),
    index('saved_searches_unindexed_idx').on(t.id).where(sql`not ${t.matchIndexed}`),
  ],
);

/**
 * Saved searches filed for the alert matcher (ADR 050, services/alerts/search-box.ts): a search's constraints as a box
 * over the listing's numbers (ADR 042), under each bucket it is filed in (`<type or *>|<sub type or *>|<place>`, the
 * place a key, a map cell or `*`). A listing reads only its own buckets, index-only: migration 0042 adds INCLUDE
 * (saved_search_id, match_box) to the bucket index, which drizzle cannot declare.
 */
export const savedSearchBuckets = pgTable(
  'saved_search_buckets',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    bucket: text('bucket').notNull(),
    matchBox: cube('match_box').notNull(),
  },
  // Migration 0045 keys saved_search_buckets_bucket_idx by (bucket, cube_ur_coord(match_box, 1)) INCLUDE
  // (saved_search_id, match_box), which drizzle cannot declare: a listing skips the searches priced below it (ADR 053).
  (t) => [primaryKey({ columns: [t.savedSearchId, t.bucket] }), index('saved_search_buckets_bucket_idx').on(t.bucket)],
);

/**
 * Listings matched to a saved search: the primary key is the "never mailed twice" rule. `sentAt` is null until the
 * alert mail that carries it has been sent (instant at once, daily and weekly on their schedule).
 */
export const savedSearchHits = pgTable(
  'saved_search_hits',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.propertyId] }),
    // A search's unsent hits (its alert mail, the daily and weekly runs): partial, so it stays as small as the backlog
    // and a planner without statistics (PGlite never analyses by itself) cannot prefer a bitmap of every unsent hit.
    index('saved_search_hits_unsent_idx').on(t.savedSearchId).where(sql`${t.sentAt} is null`),
    // The hits of given listings (matching a batch, a deleted listing's cascade).
    index('saved_search_hits_property_idx').on(t.propertyId),
  ],
);

/** Price cuts mailed to a saved search with `notify_price_drops` (ADR 028): the primary key is "once per cut". */
export const savedSearchPriceDrops = pgTable(
  'saved_search_price_drops',
  {
    savedSearchId: integer('saved_search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    listingPriceId: integer('listing_price_id')
      .notNull()
      .references(() => listingPrices.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.listingPriceId] })],
);

/**
 * Consents under the PDPA (ADR 023): who (the account, and the e-mail it was given for), to what, to which version of
 * the privacy notice, when, and when withdrawn. Rows are added, never rewritten, except that withdrawing stamps
 * `withdrawn_at`; the newest row of a purpose is the one in force.
 */
export const consents = pgTable(
  'consents',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased. A newsletter consent from the footer has only this. */
    email: varchar('email', { length: 320 }).notNull(),
    purpose: varchar('purpose', { length: 20, enum: ['terms_privacy', 'newsletter'] }).notNull(),
    noticeVersion: varchar('notice_version', { length: 20 }).notNull(),
    source: varchar('source', { length: 12, enum: ['signup', 'footer', 'settings'] }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('consents_user_idx').on(t.userId, t.purpose), index('consents_email_idx').on(t.email, t.purpose)],
);

/**
 * A person's requests under the PDPA (ADR 023), for the admin console: exports of their data and account deletions.
 * A deletion waits for the link mailed to the person (only a SHA-256 of its token is kept); once the account is
 * deleted, `email` keeps only a masked form.
 */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: varchar('email', { length: 320 }).notNull(),
    type: varchar('type', { length: 12, enum: ['export', 'deletion'] }).notNull(),
    status: varchar('status', {
      length: 24,
      enum: ['awaiting_confirmation', 'completed', 'expired', 'replaced'],
    }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('privacy_requests_requested_idx').on(t.requestedAt.desc(), t.id.desc()),
    index('privacy_requests_user_idx').on(t.userId),
    uniqueIndex('privacy_requests_token_unique').on(t.tokenHash),
  ],
);

export type ImportCounts = { created: number; updated: number; unchanged: number; paused: number; failed: number };

/**
 * An owner's bulk import (ADR 030): a CSV file or Kyero v3 XML feed, uploaded once (`file_key` in storage) or fetched
 * from `url` once, hourly or daily. Each run is a durable job (`imports.run`); its per-row outcomes are
 * `import_items`, replaced by the next run of a scheduled feed.
 */
export const imports = pgTable(
  'imports',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 8, enum: ['file', 'url'] }).notNull(),
    format: varchar('format', { length: 12, enum: ['csv', 'kyero_v3'] }).notNull(),
    mode: varchar('mode', { length: 8, enum: ['full', 'partial'] }).notNull(),
    schedule: varchar('schedule', { length: 8, enum: ['once', 'hourly', 'daily'] }).notNull(),
    url: varchar('url', { length: 2048 }),
    /** The uploaded file in storage (imports/<uuid>), removed once the run has read it. */
    fileKey: varchar('file_key', { length: 120 }),
    fileName: varchar('file_name', { length: 200 }),
    status: varchar('status', { length: 8, enum: ['queued', 'running', 'done', 'failed'] }).notNull(),
    counts: jsonb('counts')
      .$type<ImportCounts>()
      .notNull()
      .default({ created: 0, updated: 0, unchanged: 0, paused: 0, failed: 0 }),
    progressDone: integer('progress_done').notNull().default(0),
    /** Rows or properties in the file, known once it has been read to its end (null while reading). */
    progressTotal: integer('progress_total'),
    /** Why the whole run failed (not a row's reason), as a code with its values; the answer translates it. */
    error: jsonb('error').$type<ImportIssue>(),
    /** A scheduled feed's next run; null once stopped (DELETE) or for a one-off import. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('imports_user_idx').on(t.userId, t.id.desc()), index('imports_next_run_idx').on(t.nextRunAt)],
);

/** One row (CSV, 1-based) or property (feed, by its ref) of an import's last run, and what became of it. */
export const importItems = pgTable(
  'import_items',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => imports.id, { onDelete: 'cascade' }),
    row: integer('row'),
    ref: varchar('ref', { length: 100 }),
    outcome: varchar('outcome', {
      length: 10,
      enum: ['created', 'updated', 'unchanged', 'paused', 'failed'],
    }).notNull(),
    propertyId: integer('property_id'),
    /** field → reasons, as codes with their values ({code, field?, message}), translated when read. */
    errors: jsonb('errors').$type<Record<string, ImportIssue[]>>().notNull().default({}),
  },
  (t) => [index('import_items_import_idx').on(t.importId, t.id)],
);

/** A reason a row was refused: an import code translated when read, or a validation message as the wizard gets it. */
export type ImportIssue = { code: string; values?: Record<string, string | number>; message?: string };

/**
 * One check in the admin verification queue (ADR 032): a listing's title deed (`kind` listing, with the listing and
 * the deed number and a private document under `private/verifications/`) or an agent's licence number (`kind`
 * licence). Only admins ever read `documentKey`'s file.
 */
export const verifications = pgTable(
  'verifications',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 8, enum: ['listing', 'licence'] }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id').references(() => properties.id, { onDelete: 'cascade' }),
    /** The title deed number (listing) or the licence number (licence) as submitted. */
    number: varchar('number', { length: 60 }).notNull(),
    documentKey: varchar('document_key', { length: 160 }),
    status: varchar('status', { length: 10, enum: ['pending', 'approved', 'rejected', 'superseded'] })
      .notNull()
      .default('pending'),
    reason: varchar('reason', { length: 500 }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('verifications_status_idx').on(t.status, t.id.desc()),
    index('verifications_property_idx').on(t.propertyId, t.id.desc()),
    index('verifications_user_idx').on(t.userId, t.kind, t.id.desc()),
  ],
);

/** An owner's weekly hours for viewings, Asia/Bangkok (ADR 035): minutes from midnight, on the hour. */
export const viewingSlots = pgTable(
  'viewing_slots',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 = Sunday … 6 = Saturday. */
    weekday: integer('weekday').notNull(),
    startMinute: integer('start_minute').notNull(),
    endMinute: integer('end_minute').notNull(),
  },
  (t) => [index('viewing_slots_user_idx').on(t.userId, t.weekday)],
);

/**
 * SMS sent per destination and window (ADR 056): one row per calling code ('66', '44', …, or 'abroad' for every
 * destination but Thailand together), window ('hour' or 'day') and the window's start (UTC). Counted with one
 * conditional upsert in the transaction that queues the SMS, so every API process shares the budget and a refused
 * or failed send counts nothing. Rows older than two days are removed by the daily clean-up.
 */
export const smsBudgetCounts = pgTable(
  'sms_budget_counts',
  {
    destination: varchar('destination', { length: 8 }).notNull(),
    window: varchar('window', { length: 4, enum: ['hour', 'day'] }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.destination, t.window, t.windowStart] }),
    index('sms_budget_counts_start_idx').on(t.windowStart),
  ],
);

/**
 * A visitor's request to see a listing for one hour (ADR 034). An owner is in one place at a time: at most one
 * viewing that holds its hour (proposed or confirmed) per owner and start, held by a unique index. A request
 * (requested) holds nothing: an hour stays requestable by everyone until the owner confirms one (ADR 057), and the
 * confirmation declines the other requests for that hour.
 */
export const viewings = pgTable(
  'viewings',
  {
    id: serial('id').primaryKey(),
    propertyId: integer('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The signed-in visitor, or null for a guest. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    propertyTitle: text('property_title').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    mode: varchar('mode', { length: 12, enum: ['in_person', 'video'] }).notNull(),
    status: varchar('status', { length: 12, enum: ['requested', 'confirmed', 'declined', 'proposed'] })
      .notNull()
      .default('requested'),
    name: varchar('name', { length: 120 }).notNull(),
    email: varchar('email', { length: 320 }).notNull(),
    phone: varchar('phone', { length: 40 }),
    /** The visitor's language for their mails. */
    language: varchar('language', { length: 8 }).notNull(),
    /** The requester's network (a keyed hash, known-networks.ts networkId), for the caps on waiting requests (ADR 057). */
    network: varchar('network', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('viewings_owner_held_slot_unique')
      .on(t.ownerId, t.startsAt)
      .where(sql`${t.status} in ('proposed', 'confirmed')`),
    index('viewings_waiting_network_idx').on(t.network).where(sql`${t.status} = 'requested'`),
    index('viewings_owner_starts_idx').on(t.ownerId, t.startsAt),
    index('viewings_user_idx').on(t.userId),
    index('viewings_property_idx').on(t.propertyId),
  ],
);

/**
 * An agency (ADR 037): a company of agents at `/agency/{slug}`. Listings stay owned by users (properties.user_id);
 * the agency holds its members' listings through membership.
 */
export const agencies = pgTable(
  'agencies',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 60 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    /** A storage key, or null. */
    logo: text('logo'),
    about: text('about'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agencies_slug_unique').on(t.slug)],
);

/** A user belongs to at most one agency (the primary key), as an agent or as one of its admins. */
export const agencyMembers = pgTable(
  'agency_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    role: varchar('role', { length: 8, enum: ['agent', 'admin'] }).notNull(),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('agency_members_agency_idx').on(t.agencyId)],
);

/** A mailed invitation: only a SHA-256 of its token is stored; single use (`used_at`) and valid until `expires_at`. */
export const agencyInvitations = pgTable(
  'agency_invitations',
  {
    id: serial('id').primaryKey(),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => agencies.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 320 }).notNull(),
    role: varchar('role', { length: 8, enum: ['agent', 'admin'] }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('agency_invitations_token_unique').on(t.tokenHash),
    index('agency_invitations_agency_idx').on(t.agencyId, t.id.desc()),
  ],
);
