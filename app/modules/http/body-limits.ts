/** What one request may send (docs/security.md#request-bodies). */
export const bodyLimits = {
  formBytes: 256 * 1024,
  /** Image uploads: a 5 MB picture plus the form around it. */
  multipartBytes: 6 * 1024 * 1024,
  /** The car form: some 55 fields and one checkbox per place it may serve. */
  multipartParts: 200,
  formFields: 1000,
};
