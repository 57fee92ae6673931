// zod 4 probes `new Function` at import time to decide whether it may JIT-compile object
// parsers. MV3 extension pages, workers and content scripts forbid eval (CSP `script-src 'self'`),
// so the probe would report CSP violations. Every entry point imports this module first.
// zod/mini and zod share one core config, and mini keeps the page scripts small.
import { config } from 'zod/mini';

config({ jitless: true });
