import type { MetaFunction } from "@remix-run/node";

/**
 * The meta of a page that is nobody's landing page (accounts, checkout, payments, the back office):
 * the title its loader computed, in the reader's language, and kept out of search engines.
 */
export const privatePageMeta: MetaFunction = ({ data }) => [
  { title: (data as { title?: string } | undefined)?.title ?? "Rueda" },
  { name: "robots", content: "noindex" },
];
