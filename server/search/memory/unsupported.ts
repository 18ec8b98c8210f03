/** A request the in-memory engine does not answer; the SQL executor does instead. */
export class Unsupported extends Error {}
