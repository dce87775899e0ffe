#!/usr/bin/env node
// Starts the Baan server from the production build (`npm run build` makes dist/server.js).
import '../dist/server.js';
