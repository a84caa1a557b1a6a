import es from "./es";
import en from "./en";
import fr from "./fr";
import el from "./el";

export const resources = { es, en, fr, el };
