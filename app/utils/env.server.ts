export { getEnv, type Env } from "../../config/env";
