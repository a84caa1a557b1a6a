import type { APIRequestContext, Page } from "@playwright/test";
import { test } from "./support";

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

/** Each row a test of its own, in a browser with JavaScript off. */
export function formsWithoutJavaScript(table: FormRow[]) {
  test.use({ javaScriptEnabled: false });
  for (const row of table) {
    test(`${row.route} ${row.intent} without JavaScript`, async ({ page, request }) => {
      await row.run({ page, request });
    });
  }
}
