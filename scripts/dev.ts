// `npm run dev`: the development server on PORT (3000); it compiles on demand, so no build first.
import { serve } from "./next-server";

serve("dev");
