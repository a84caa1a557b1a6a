export { getEnv } from "../../config/env";
