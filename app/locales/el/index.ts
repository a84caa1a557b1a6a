import common from "./common.json";
import pages from "./pages.json";
import emails from "./emails.json";

export default { common, pages, emails };
