/** SMS allowed in one hour and in one day (UTC windows). */
export type SmsAllowance = { hour: number; day: number };

/**
 * The budget by destination (ADR 056): how many verification SMS Baan sends per calling code, so that a fraud ring
 * with many accounts and networks cannot pump premium-rate numbers of one country on Baan's bill.
 */
export type SmsBudgetRules = {
  /** Thai numbers (+66), where nearly every real owner is: large (SMS_BUDGET_HOME, "hour/day"). */
  home: SmsAllowance;
  /** Each other calling code (+44, +1, +855, …): small (SMS_BUDGET_COUNTRY). */
  country: SmsAllowance;
  /**
   * Calling codes with a budget of their own in place of `country` (SMS_BUDGET_COUNTRIES, "95=20/80,86=20/80"): the
   * markets whose languages Baan speaks, where agents and owners with a number from home are expected.
   */
  countries: Readonly<Record<string, SmsAllowance>>;
  /** Every destination but Thailand together, so that many countries' small budgets do not add up (SMS_BUDGET_ABROAD). */
  abroad: SmsAllowance;
  /**
   * The share of each budget, in percent, that only established accounts may spend (SMS_BUDGET_RESERVED_PERCENT):
   * new accounts stop at the rest, so a ring of fresh accounts can never use up what the owners need.
   */
  reservedPercent: number;
  /**
   * An account is established when it paid for a package (a paid card payment or an approved PromptPay one), or its
   * e-mail was verified at least this many days ago (SMS_BUDGET_ESTABLISHED_DAYS).
   */
  establishedDays: number;
};

/** The figures, in one place (config.ts reads the overrides above; docs/decisions/055). */
export const DEFAULT_SMS_BUDGET: SmsBudgetRules = {
  home: { hour: 600, day: 6000 },
  country: { hour: 10, day: 40 },
  // Myanmar, China, Taiwan, Hong Kong, Japan and Russia (Burmese, Chinese, Japanese and Russian pages).
  countries: {
    '95': { hour: 20, day: 80 },
    '86': { hour: 20, day: 80 },
    '886': { hour: 20, day: 80 },
    '852': { hour: 20, day: 80 },
    '81': { hour: 20, day: 80 },
    '7': { hour: 20, day: 80 },
  },
  abroad: { hour: 40, day: 150 },
  reservedPercent: 25,
  establishedDays: 30,
};
