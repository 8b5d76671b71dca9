// One thing about a booking worth a second thought, as every check (concerns.ts, business-hours.ts)
// reports it: apart from both, so that neither imports the other.

export interface Concern {
  /** What the refusal names when nobody can answer: `outside business hours`. */
  label: string;
  /** The warning that explains it. */
  warning: string;
}
