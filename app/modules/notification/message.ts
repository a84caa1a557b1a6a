/** Any translate function: i18next's on the server, the pages' small translator in the browser (ADR 0004). */
type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A notification's text in the reader's language: its key with its values, a booking status
 * shown with its translated label (common:bookingStatus). The page and the API word it alike.
 */
export function notificationMessage(
  t: Translate,
  item: { messageKey: string; params: Record<string, string | number> },
): string {
  const status = item.params.status;
  return t(item.messageKey, {
    ...item.params,
    ...(status !== undefined ? { status: t(`common:bookingStatus.${status}`) } : {}),
  });
}
