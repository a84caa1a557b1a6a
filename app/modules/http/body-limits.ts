/** What one request may send (docs/security.md#request-bodies). */
export const bodyLimits = {
  formBytes: 256 * 1024,
  /** Image uploads: a 5 MB picture plus the form around it. */
  multipartBytes: 6 * 1024 * 1024,
  /** The car form: some 55 fields and one checkbox per place it may serve. */
  multipartParts: 200,
  formFields: 1000,
  /**
   * The highest list index a field name may carry (`marks[29].area`). Conform turns `name[N]` into
   * a list of N + 1 slots and the answer echoes them, so the index, not the body's size, sets the
   * work: `zz[9999999]=1` was ten million slots and a 50 MB answer. Our longest list of rows is the
   * inspection's 30 damage marks (the return's damages stop at 10); 100 rows leave the form's own
   * "at most 30" message to answer a few rows too many, and cost nothing.
   */
  listIndexMax: 99,
};
