// Game codes on the move: copying the code or a link that opens the deal, and opening a deal
// from such a link (?code=…).

import { copyText } from "./clipboard.js";
import { t } from "./i18n.js";
import { toast } from "./toast.js";

/** Copy a game code and say whether it worked. */
export async function copyCode(code) {
  toast((await copyText(code)) ? t("code_copied", { code }) : t("copy_failed", { text: code }));
}

/** Copy a link that opens the deal `code` on this server and say whether it worked. */
export async function copyLink(code) {
  const link = `${location.origin}/?code=${encodeURIComponent(code)}`;
  toast((await copyText(link)) ? `${t("link_copied")}: ${link}` : t("copy_failed", { text: link }));
}

/**
 * The game code the page was opened with (?code=…), taken out of the address bar, or null.
 * @returns {string | null}
 */
export function takeLinkedCode() {
  const code = new URLSearchParams(location.search).get("code");
  if (code === null) return null;
  history.replaceState(null, "", location.pathname);
  return code;
}
