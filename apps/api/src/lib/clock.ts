/** Where the app reads the time, so tests can move it (OTP expiry, token expiry) without sleeping. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
