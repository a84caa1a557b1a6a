import type { APIRequestContext, Page } from "@playwright/test";

/*
 * The tables of forms submitted without JavaScript (docs/operations.md#tests): each row is one
 * action route's form, intent by intent, posted as a plain form through the real page (fields by
 * their label, the button by its name), checking the answer and the change. Specs whose bodies
 * never look at the mode run with JavaScript only; these rows are where their forms are still
 * submitted without it.
 */

export type FormRow = {
  /** The action route and the form's intent (its submit button's `intent` value, or the form's only action). */
  route: string;
  intent: string;
  run: (args: { page: Page; request: APIRequestContext }) => Promise<void>;
};

/**
 * A row's test title. Each spec calls \`test()\` itself (with JavaScript off), so Playwright and
 * \`npm run test:times\` report a row under its own spec file, not under this one.
 */
export const rowTitle = (row: FormRow) => `${row.route} ${row.intent} without JavaScript`;
