import common from "./common.json";
import pages from "./pages.json";
import emails from "./emails.json";
import auth from "./auth.json";
import catalogue from "./catalogue.json";

export default { common, pages, emails, auth, catalogue };
